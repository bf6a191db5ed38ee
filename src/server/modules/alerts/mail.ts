import {
  ALERT_PENDING_DAYS,
  describeSearch,
  type SavedSearchFilters,
  searchListPath,
} from '../../../contract/alerts-labels';
import type { CarSummary } from '../../../contract/cars';
import { formatPrice } from '../../../contract/format';
import type { Mail } from '../../platform/mailer';
import type { AlertLinks } from './links';
import {
  button,
  carHtml,
  carsTable,
  carText,
  esc,
  footer,
  heading,
  letter,
  link,
  page,
  paragraph,
  unsubscribeHeaders,
} from './mail-parts';
import type { SubscriptionRow } from './views';

/** The two e-mails of the alerts: the sign-up's confirmation and the daily digest. Vietnamese, text and HTML. */

export interface Showroom {
  name: string;
  /** The mailbox of List-Unsubscribe's mailto. */
  email: string;
}

/** Filters a visitor types as words (a keyword, a brand, colours), not chosen from a list. */
const TYPED_FILTERS = ['carName', 'brand', 'exteriorColor', 'interiorColor'] as const;

/**
 * A saved search as its confirmation names it: the filters chosen from lists, never the words typed.
 * Anyone may type anyone's address, so what they typed must not reach that person as the showroom's
 * words; the owner sees every filter on the manage page once confirmed, and the digest names them all.
 */
function confirmedSearch(filters: SavedSearchFilters): string {
  const typed = TYPED_FILTERS.some((k) => filters[k]);
  const chosen = { ...filters };
  for (const k of TYPED_FILTERS) delete chosen[k];
  if (!typed) return describeSearch(chosen);
  const rest = Object.values(chosen).some((v) => v !== undefined);
  return rest ? `${describeSearch(chosen)}, cùng điều kiện bạn đã nhập` : 'điều kiện bạn đã nhập';
}

/** What one sign-up is about, in a sentence. */
function subject(row: SubscriptionRow, car: CarSummary | undefined): string {
  return row.kind === 'search'
    ? `Xe mới theo bộ lọc: ${confirmedSearch(row.filters ?? {})}`
    : `Báo khi giảm giá: ${car ? `${car.carName} ${car.year} (giá hiện tại ${formatPrice(car.sellPrice)})` : 'xe bạn chọn'}`;
}

/** Sent once per sign-up (and again when the visitor signs up for the same thing before confirming). */
export function confirmationMail(
  row: SubscriptionRow,
  car: CarSummary | undefined,
  links: AlertLinks,
  showroom: Showroom,
): Mail {
  const confirm = links.confirmUrl(row.id);
  const u = { token: links.subscription('u', row.id), email: row.email, mailbox: showroom.email };
  const foot = footer(links, u, showroom.name);
  const what = subject(row, car);
  const title = `Xác nhận nhận thông báo - ${showroom.name}`;
  const text = [
    'Chào bạn,',
    '',
    `Địa chỉ email này vừa được đăng ký nhận thông báo tại ${showroom.name}:`,
    `- ${what}`,
    '',
    'Bấm đường dẫn sau để xác nhận. Trước khi xác nhận, showroom không gửi thêm email nào; sau ' +
      `${ALERT_PENDING_DAYS} ngày, đăng ký chưa xác nhận tự động bị xóa.`,
    `Xác nhận: ${confirm}`,
    '',
    'Sau khi xác nhận, mỗi ngày bạn nhận tối đa một email tổng hợp (xe mới phù hợp, xe giảm giá).',
    'Nếu bạn không đăng ký, hãy bỏ qua email này.',
    '',
    ...foot.text,
  ];
  const html = page(
    showroom.name,
    title,
    [
      paragraph('Chào bạn,'),
      paragraph(`Địa chỉ email này vừa được đăng ký nhận thông báo tại ${esc(showroom.name)}:`),
      paragraph(`<strong>${esc(what)}</strong>`),
      button(confirm, 'Xác nhận nhận thông báo'),
      paragraph(
        `Trước khi xác nhận, showroom không gửi thêm email nào; sau ${ALERT_PENDING_DAYS} ngày, đăng ký chưa xác nhận tự động bị xóa. ` +
          'Sau khi xác nhận, mỗi ngày bạn nhận tối đa một email tổng hợp.',
      ),
      paragraph('Nếu bạn không đăng ký, hãy bỏ qua email này.', true),
    ].join('\n'),
    foot.html,
  );
  return letter(row.email, title, text, html, unsubscribeHeaders(links, u));
}

export interface DigestSearch {
  row: SubscriptionRow;
  cars: CarSummary[];
  total: number;
}
export interface DigestDrop {
  row: SubscriptionRow;
  car: CarSummary;
  from: number;
}
export interface DigestSold {
  row: SubscriptionRow;
  car: CarSummary;
  similar: CarSummary[];
}
export interface DigestContent {
  email: string;
  searches: DigestSearch[];
  drops: DigestDrop[];
  sold: DigestSold[];
}

export const digestIsEmpty = (c: DigestContent) =>
  c.searches.length === 0 && c.drops.length === 0 && c.sold.length === 0;

function digestSubject(c: DigestContent, site: string): string {
  const newCars = c.searches.reduce((n, s) => n + s.total, 0);
  const parts = [
    newCars ? `${newCars} xe mới phù hợp` : '',
    c.drops.length ? `${c.drops.length} xe giảm giá` : '',
    c.sold.length ? `${c.sold.length} xe đã bán` : '',
  ].filter(Boolean);
  return `${site}: ${parts.join(', ')}`;
}

const dropLine = (d: DigestDrop) =>
  `Giảm ${formatPrice(d.from - d.car.sellPrice)}: từ ${formatPrice(d.from)} còn ${formatPrice(d.car.sellPrice)}`;

/** One e-mail a day per address: the new cars of each saved search, the drops and the sold cars watched. */
export function digestMail(c: DigestContent, links: AlertLinks, showroom: Showroom): Mail {
  const u = { token: links.address('a', c.email), email: c.email, mailbox: showroom.email };
  const foot = footer(links, u, showroom.name);
  const stopOne = (row: SubscriptionRow) => links.unsubscribePage(links.subscription('u', row.id));
  const text: string[] = ['Chào bạn,', '', `Tin mới hôm nay từ ${showroom.name}:`];
  const html: string[] = [paragraph(`Chào bạn, đây là tin mới hôm nay từ ${esc(showroom.name)}.`)];

  for (const s of c.searches) {
    const title = `Xe mới: ${describeSearch(s.row.filters ?? {})}`;
    const all = links.absolute(searchListPath(s.row.filters ?? {}));
    text.push('', `${title} (${s.total} xe)`);
    html.push(heading(title), paragraph(`${s.total} xe mới phù hợp với bộ lọc của bạn.`, true));
    for (const car of s.cars) text.push(...carText(links, car));
    html.push(carsTable(s.cars.map((car) => carHtml(links, car))));
    if (s.total > s.cars.length) {
      text.push(`Xem tất cả ${s.total} xe: ${all}`);
      html.push(paragraph(link(all, `Xem tất cả ${s.total} xe`)));
    }
    text.push(`Hủy thông báo này: ${stopOne(s.row)}`);
    html.push(paragraph(link(stopOne(s.row), 'Hủy thông báo này'), true));
  }

  if (c.drops.length) {
    text.push('', 'Xe bạn theo dõi vừa giảm giá');
    html.push(heading('Xe bạn theo dõi vừa giảm giá'));
    for (const d of c.drops) {
      text.push(...carText(links, d.car, dropLine(d)), `  Hủy báo giá xe này: ${stopOne(d.row)}`);
      html.push(
        carsTable([
          carHtml(links, d.car, `Giảm ${formatPrice(d.from - d.car.sellPrice)}, từ ${formatPrice(d.from)}`),
        ]),
        paragraph(link(stopOne(d.row), 'Hủy báo giá xe này'), true),
      );
    }
  }

  for (const s of c.sold) {
    const title = `Xe đã bán: ${s.car.carName} ${s.car.year}`;
    const note =
      'Xe bạn theo dõi đã có chủ mới, showroom ngừng báo giá cho xe này. Mời bạn xem hai xe tương tự:';
    text.push('', title, note);
    html.push(heading(title), paragraph(note));
    for (const car of s.similar) text.push(...carText(links, car));
    html.push(carsTable(s.similar.map((car) => carHtml(links, car))));
    if (s.similar.length === 0) {
      const list = links.absolute('/cars');
      text.push(`Xem xe đang bán: ${list}`);
      html.push(paragraph(link(list, 'Xem xe đang bán')));
    }
  }

  text.push('', ...foot.text);
  const subjectLine = digestSubject(c, showroom.name);
  return letter(
    c.email,
    subjectLine,
    text,
    page(showroom.name, subjectLine, html.join('\n'), foot.html),
    unsubscribeHeaders(links, u),
  );
}
