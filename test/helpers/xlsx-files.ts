import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Spreadsheets built byte by byte, for the import's limits: a ZIP whose directory may lie about a
 * part's size, and parts given as chunks so a sheet of hundreds of megabytes is never held whole.
 */
export interface ZipPart {
  name: string;
  data: Buffer | Iterable<Buffer>;
  /** The size the ZIP declares for the part once inflated; its real size when absent. */
  declaredSize?: number;
}

async function deflate(data: Buffer | Iterable<Buffer>) {
  const stream = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  stream.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((ok, fail) => {
    stream.on('end', ok);
    stream.on('error', fail);
  });
  let size = 0;
  let crc = 0;
  for (const chunk of Buffer.isBuffer(data) ? [data] : data) {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!stream.write(chunk)) await new Promise((ok) => stream.once('drain', ok));
  }
  stream.end();
  await done;
  return { compressed: Buffer.concat(out), size, crc };
}

/** A ZIP of deflated parts, with a local header and a central directory entry for each. */
export async function zip(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { compressed, size, crc } = await deflate(part.data);
    const declared = part.declaredSize ?? size;
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(compressed.length, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    central.push(entry, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const COLS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Row `n` as Excel writes it: text as inline strings, numbers as numbers, every cell with its address. */
export function rowXml(n: number, cells: (string | number)[]): string {
  const cs = cells.map((c, i) =>
    typeof c === 'number'
      ? `<c r="${COLS[i]}${n}"><v>${c}</v></c>`
      : `<c r="${COLS[i]}${n}" t="inlineStr"><is><t>${esc(c)}</t></is></c>`,
  );
  return `<row r="${n}">${cs.join('')}</row>`;
}

/** A sheet's XML in chunks of about a megabyte: the header as row 1, then `count` copies of `cells`. */
export function* sheetChunks(
  header: (string | number)[],
  cells: (string | number)[],
  count: number,
): Generator<Buffer> {
  yield Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}"><sheetData>` +
      rowXml(1, header),
  );
  let parts: string[] = [];
  let size = 0;
  for (let n = 2; n <= count + 1; n++) {
    const row = rowXml(n, cells);
    parts.push(row);
    size += row.length;
    if (size >= 1_000_000) {
      yield Buffer.from(parts.join(''));
      parts = [];
      size = 0;
    }
  }
  yield Buffer.from(`${parts.join('')}</sheetData></worksheet>`);
}

/**
 * The smallest workbook Excel and exceljs open: one sheet. `declaredSheetSize` makes the ZIP lie about
 * the sheet's inflated size.
 */
export function workbook(sheet: Buffer | Iterable<Buffer>, opts: { declaredSheetSize?: number } = {}) {
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}" xmlns:r="${REL}">` +
          '<sheets><sheet name="Giá" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: opts.declaredSheetSize },
  ]);
}

export const PRICE_HEADER = ['Tên xe', 'Năm sản xuất', 'Số km', 'Giá'];
export const PRICE_ROW = ['Toyota Vios 1.5G CVT', 2020, 45000, 450000000];
