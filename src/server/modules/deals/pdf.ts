import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { vndInWords } from '../../../contract/amount-words';
import {
  DEAL_DOCUMENT_LABELS,
  type DealDocumentData,
  type DealDocumentKind,
  type DocumentMoneyLine,
} from '../../../contract/deal-documents';
import { formatDay, formatKm, formatVnd } from '../../../contract/format';

/**
 * The deal's documents drawn with pdfkit on A4, in Be Vietnam Pro embedded from its TrueType files (the
 * typeface the site uses; one file holds every Vietnamese glyph, so text extracts with its diacritics).
 * One template per kind over the same data; the dashboard previews the very same PDF.
 */

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer; italic: Buffer } | null = null;
function fontFiles() {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/be-vietnam-pro/400Regular/BeVietnamPro_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/be-vietnam-pro/700Bold/BeVietnamPro_700Bold.ttf')),
    italic: readFileSync(
      require.resolve(
        '@expo-google-fonts/be-vietnam-pro/400Regular_Italic/BeVietnamPro_400Regular_Italic.ttf',
      ),
    ),
  };
  return fonts;
}

const TITLES: Record<DealDocumentKind, string> = {
  quote: 'BÁO GIÁ XE LĂN BÁNH',
  'deposit-contract': 'HỢP ĐỒNG ĐẶT CỌC MUA BÁN XE Ô TÔ',
  'sale-contract': 'HỢP ĐỒNG MUA BÁN XE Ô TÔ',
  handover: 'BIÊN BẢN BÀN GIAO XE',
};
const NUMBER_SUFFIX: Record<DealDocumentKind, string> = {
  quote: 'BG',
  'deposit-contract': 'HĐĐC',
  'sale-contract': 'HĐMB',
  handover: 'BBBG',
};

const MARGIN = 56;
type Doc = InstanceType<typeof PDFDocument>;

class Writer {
  readonly width: number;
  constructor(readonly doc: Doc) {
    this.width = doc.page.width - 2 * MARGIN;
  }
  private room(height: number) {
    if (this.doc.y + height > this.doc.page.height - MARGIN) this.doc.addPage();
  }
  heading(text: string) {
    this.room(40);
    this.doc.moveDown(0.6).font('bold').fontSize(11).text(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.2);
  }
  para(
    text: string,
    opts: { bold?: boolean; italic?: boolean; align?: 'left' | 'center' | 'justify'; size?: number } = {},
  ) {
    this.room(16);
    this.doc
      .font(opts.bold ? 'bold' : opts.italic ? 'italic' : 'regular')
      .fontSize(opts.size ?? 10)
      .text(text, MARGIN, this.doc.y, { width: this.width, align: opts.align ?? 'justify' });
  }
  /** "Label: value" rows, the value in bold. */
  fields(rows: [string, string | null | undefined][]) {
    for (const [label, value] of rows) {
      this.room(16);
      this.doc
        .font('regular')
        .fontSize(10)
        .text(`${label}: `, MARGIN, this.doc.y, { width: this.width, continued: true })
        .font('bold')
        .text(value || '……………………');
    }
  }
  /** A money line: the label (and its note) left, the figure right. */
  money(line: DocumentMoneyLine, strong = false) {
    this.room(28);
    const top = this.doc.y;
    const labelWidth = this.width - 140;
    this.doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(10)
      .text(line.label, MARGIN, top, { width: labelWidth });
    if (line.note)
      this.doc
        .font('italic')
        .fontSize(8)
        .fillColor('#475569')
        .text(line.note, MARGIN, this.doc.y, { width: labelWidth })
        .fillColor('black');
    const bottom = this.doc.y;
    this.doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(10)
      .text(`${line.deduct ? '− ' : ''}${formatVnd(line.amount)}`, MARGIN + labelWidth, top, {
        width: 140,
        align: 'right',
      });
    this.doc.y = Math.max(bottom, this.doc.y) + 2;
  }
  rule() {
    this.doc
      .moveTo(MARGIN, this.doc.y)
      .lineTo(MARGIN + this.width, this.doc.y)
      .lineWidth(0.5)
      .strokeColor('#94a3b8')
      .stroke();
    this.doc.y += 4;
  }
  /** An amount in figures and, below, in words. */
  amount(label: string, value: number) {
    this.fields([[label, formatVnd(value)]]);
    this.para(`(Bằng chữ: ${vndInWords(value)})`, { italic: true });
  }
  signatures(left: string, right: string, leftName: string | null, rightName: string | null) {
    this.room(130);
    this.doc.moveDown(1.5);
    const top = this.doc.y;
    const col = this.width / 2;
    for (const [i, title, name] of [
      [0, left, leftName],
      [1, right, rightName],
    ] as const) {
      const x = MARGIN + i * col;
      this.doc.font('bold').fontSize(10).text(title, x, top, { width: col, align: 'center' });
      this.doc
        .font('italic')
        .fontSize(9)
        .text('(Ký, ghi rõ họ tên)', x, this.doc.y, { width: col, align: 'center' });
      this.doc
        .font('bold')
        .fontSize(10)
        .text(name ?? '', x, top + 90, { width: col, align: 'center' });
    }
    this.doc.x = MARGIN;
  }
}

function header(w: Writer, kind: DealDocumentKind, d: DealDocumentData) {
  const s = d.showroom;
  const doc = w.doc;
  doc.font('bold').fontSize(12).text(s.name.toUpperCase(), MARGIN, MARGIN, { width: w.width });
  const contact = [s.address, s.phone ? `Điện thoại: ${s.phone}` : '', s.email ? `Email: ${s.email}` : '']
    .filter(Boolean)
    .join(' · ');
  if (contact) w.para(contact, { size: 9, align: 'left' });
  if (s.taxCode) w.para(`Mã số thuế: ${s.taxCode}`, { size: 9, align: 'left' });
  w.rule();
  if (kind !== 'quote') {
    w.para('CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM', { bold: true, align: 'center' });
    w.para('Độc lập - Tự do - Hạnh phúc', { bold: true, align: 'center' });
    doc.moveDown(0.5);
  }
  doc.font('bold').fontSize(15).text(TITLES[kind], MARGIN, doc.y, { width: w.width, align: 'center' });
  w.para(`Số: ${d.dealCode}/${NUMBER_SUFFIX[kind]} · Ngày ${formatDay(d.issuedOn)}`, {
    align: 'center',
    size: 9,
  });
  doc.moveDown(0.5);
}

function parties(w: Writer, d: DealDocumentData) {
  const s = d.showroom;
  w.heading('BÊN BÁN (Bên A)');
  w.fields([
    ['Tên', s.name],
    ['Địa chỉ', s.address],
    ['Mã số thuế', s.taxCode],
    [
      'Đại diện',
      s.representative
        ? `${s.representative}${s.representativeTitle ? `, ${s.representativeTitle}` : ''}`
        : null,
    ],
    ['Điện thoại', s.phone],
    ['Tài khoản', s.bankAccount],
  ]);
  w.heading('BÊN MUA (Bên B)');
  w.fields([
    ['Họ tên', d.buyer.fullName],
    ['Số CCCD', d.buyer.idNumber],
    ['Địa chỉ', d.buyer.address],
    ['Điện thoại', d.buyer.phone],
  ]);
}

function carFields(w: Writer, d: DealDocumentData) {
  const c = d.car;
  w.fields([
    ['Xe', c.name],
    ['Nhãn hiệu, số loại', [c.brand, c.model].filter(Boolean).join(' ')],
    ['Năm sản xuất', c.year ? String(c.year) : null],
    ['Màu sơn', c.color],
    ['Số khung (VIN)', c.vin],
    ['Số máy', c.engineNumber],
    ['Biển số', c.plate],
    ['Số km đã đi', c.odometerKm === null ? null : formatKm(c.odometerKm)],
  ]);
}

const total = (d: DealDocumentData) => d.lines.reduce((s, l) => s + (l.deduct ? -l.amount : l.amount), 0);
const clause = (d: DealDocumentData, title: string) => d.clauses.find((c) => c.title === title)?.text;

function quote(w: Writer, d: DealDocumentData) {
  w.fields([
    ['Kính gửi', d.buyer.fullName],
    ['Điện thoại', d.buyer.phone],
  ]);
  w.heading('1. Xe');
  carFields(w, d);
  w.heading('2. Giá lăn bánh');
  for (const line of d.lines) w.money(line);
  w.rule();
  w.money({ label: 'Tổng cộng', amount: total(d) }, true);
  w.para(`(Bằng chữ: ${vndInWords(total(d))})`, { italic: true });
  if (d.depositAmount) w.money({ label: 'Đã đặt cọc', amount: d.depositAmount, deduct: true });
  if (d.loan) {
    w.heading(`3. Vay ngân hàng${d.loan.bank.includes('tham khảo') ? ' (tham khảo)' : ''}`);
    w.fields([
      ['Ngân hàng', d.loan.bank],
      ['Số tiền vay', formatVnd(d.loan.amount)],
      ['Thời hạn', `${d.loan.termMonths} tháng`],
      ['Lãi suất', `${d.loan.ratePercent.toLocaleString('vi-VN')}%/năm`],
      ['Trả tháng đầu', formatVnd(d.loan.monthlyPayment)],
      ['Trả trước', formatVnd(Math.max(0, total(d) - d.loan.amount))],
    ]);
  }
  w.para(
    'Giá tham khảo: lệ phí tính theo quy định hiện hành và cấu hình của showroom; số thu thực tế do cơ quan thuế, công an và đăng kiểm xác định. Báo giá có giá trị 7 ngày.',
    { italic: true, size: 9 },
  );
  w.signatures('KHÁCH HÀNG', 'NHÂN VIÊN BÁN HÀNG', d.buyer.fullName, d.salesperson);
}

function depositContract(w: Writer, d: DealDocumentData) {
  parties(w, d);
  w.heading('Điều 1. Xe đặt cọc');
  carFields(w, d);
  w.heading('Điều 2. Giá bán và tiền đặt cọc');
  w.amount('Giá bán', d.price);
  w.amount('Tiền đặt cọc', d.depositAmount ?? 0);
  w.amount('Số tiền còn lại khi ký hợp đồng mua bán', Math.max(0, d.price - (d.depositAmount ?? 0)));
  w.para('Tiền đặt cọc được trừ vào giá bán khi hai bên ký hợp đồng mua bán.');
  w.heading('Điều 3. Chính sách đặt cọc');
  w.para(clause(d, 'Chính sách đặt cọc') ?? '');
  w.heading('Điều 4. Cam kết chung');
  w.para(
    'Hai bên cam kết thực hiện đúng thỏa thuận; hợp đồng lập thành 02 bản, mỗi bên giữ 01 bản có giá trị như nhau.',
  );
  w.signatures('ĐẠI DIỆN BÊN A', 'BÊN B', d.showroom.representative, d.buyer.fullName);
}

function saleContract(w: Writer, d: DealDocumentData) {
  parties(w, d);
  w.heading('Điều 1. Xe mua bán');
  carFields(w, d);
  w.heading('Điều 2. Giá và thanh toán');
  for (const line of d.lines) w.money(line);
  w.rule();
  w.money({ label: 'Tổng giá trị hợp đồng', amount: total(d) }, true);
  w.para(`(Bằng chữ: ${vndInWords(total(d))})`, { italic: true });
  w.amount('Bên B đã thanh toán', total(d) - d.balanceDue);
  w.amount('Bên B còn phải thanh toán', Math.max(0, d.balanceDue));
  if (d.loan && !d.loan.bank.includes('tham khảo'))
    w.para(`Khoản vay: ${d.loan.bank}, ${formatVnd(d.loan.amount)} trong ${d.loan.termMonths} tháng.`);
  for (const [n, title] of [
    [3, 'Bảo hành'],
    [4, 'Bàn giao xe'],
    [5, 'Sang tên'],
  ] as const) {
    const text = clause(d, title);
    if (!text) continue;
    w.heading(`Điều ${n}. ${title}`);
    w.para(text);
  }
  w.heading('Điều 6. Cam kết chung');
  w.para(
    'Bên A cam kết xe thuộc quyền sở hữu hợp pháp, không tranh chấp, không bị cầm cố. Hợp đồng được công chứng khi bên bán là cá nhân, kèm hóa đơn khi bên bán là doanh nghiệp; lập thành 02 bản, mỗi bên giữ 01 bản.',
  );
  w.signatures('ĐẠI DIỆN BÊN A', 'BÊN B', d.showroom.representative, d.buyer.fullName);
}

function handover(w: Writer, d: DealDocumentData) {
  parties(w, d);
  w.heading('1. Xe bàn giao');
  carFields(w, d);
  const h = d.handover;
  w.heading('2. Tình trạng khi bàn giao');
  w.fields([
    ['Số km', h ? formatKm(h.odometerKm) : null],
    ['Số chìa khóa', h ? String(h.keys) : null],
    ['Tình trạng xe', h?.condition],
  ]);
  w.heading('3. Giấy tờ giao kèm');
  for (const p of h?.papers.length ? h.papers : ['……………………']) w.para(`• ${p}`, { align: 'left' });
  w.heading('4. Phụ kiện');
  for (const a of h?.accessories.length ? h.accessories : ['Không có']) w.para(`• ${a}`, { align: 'left' });
  const terms = clause(d, 'Bàn giao xe');
  if (terms) {
    w.heading('5. Điều khoản bàn giao');
    w.para(terms);
  }
  w.signatures('ĐẠI DIỆN BÊN GIAO', 'BÊN NHẬN', d.showroom.representative, d.buyer.fullName);
}

const TEMPLATES: Record<DealDocumentKind, (w: Writer, d: DealDocumentData) => void> = {
  quote,
  'deposit-contract': depositContract,
  'sale-contract': saleContract,
  handover,
};

/** The document as PDF bytes (A4, fonts embedded and subset). */
export function renderPdf(kind: DealDocumentKind, data: DealDocumentData): Promise<Buffer> {
  const f = fontFiles();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${DEAL_DOCUMENT_LABELS[kind]} ${data.dealCode}`, Author: data.showroom.name },
    lang: 'vi-VN',
  });
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);
  doc.registerFont('italic', f.italic);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new Writer(doc);
  header(w, kind, data);
  TEMPLATES[kind](w, data);
  doc.end();
  return done;
}
