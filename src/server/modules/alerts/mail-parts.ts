import type { CarSummary } from '../../../contract/cars';
import { formatKm, formatPrice } from '../../../contract/format';
import type { Mail } from '../../platform/mailer';
import { escapeHtml } from '../../platform/visitor-mail-text';
import type { AlertLinks } from './links';

/**
 * The pieces every alert e-mail is made of: HTML escaped by hand (a car's name is staff's text), car
 * blocks with their photo, price and link, the footer with the manage and unsubscribe links, and the
 * headers of a one-click unsubscribe (RFC 2369 List-Unsubscribe, RFC 8058 List-Unsubscribe-Post).
 */

export const esc = escapeHtml;

// The site's brand red (styles.css --color-brand-600).
const BRAND = '#b91c1c';
const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";

export const carUrl = (links: AlertLinks, carId: number) => links.absolute(`/cars/${carId}`);

/** A car in the text part: name and year, price, km, address. */
export function carText(links: AlertLinks, car: CarSummary, priceLine?: string): string[] {
  return [
    `- ${car.carName} ${car.year}: ${priceLine ?? formatPrice(car.sellPrice)}, ${formatKm(car.odo)}`,
    `  ${carUrl(links, car.carId)}`,
  ];
}

/**
 * A car in the HTML part: its photo (480 px wide) or a grey box, name, price, and a `note` under the
 * price (a drop: "Giảm 15 triệu, từ 230 triệu"), a link.
 */
export function carHtml(links: AlertLinks, car: CarSummary, note?: string): string {
  const url = esc(carUrl(links, car.carId));
  const photo = car.cover
    ? `<a href="${url}"><img src="${esc(links.absolute(car.cover.urls[480]))}" width="160" alt="${esc(car.carName)}" style="display:block;width:160px;max-width:100%;height:auto;border-radius:8px;border:0"></a>`
    : `<div style="width:160px;height:107px;border-radius:8px;background:#e2e8f0;${FONT};font-size:12px;color:#64748b;text-align:center;line-height:107px">Chưa có ảnh</div>`;
  const noteHtml = note
    ? `<div style="color:#047857;font-size:14px;font-weight:bold;margin-top:2px">${esc(note)}</div>`
    : '';
  return `<tr><td style="padding:8px 0;vertical-align:top;width:168px">${photo}</td>
<td style="padding:8px 0 8px 12px;vertical-align:top;${FONT}">
<a href="${url}" style="color:#0f172a;font-size:15px;font-weight:bold;text-decoration:none">${esc(`${car.carName} ${car.year}`)}</a>
<div style="color:${BRAND};font-size:18px;font-weight:bold;margin-top:4px">${esc(formatPrice(car.sellPrice))}</div>
${noteHtml}<div style="color:#475569;font-size:13px;margin-top:2px">${esc(formatKm(car.odo))}</div>
<a href="${url}" style="display:inline-block;margin-top:6px;color:${BRAND};font-size:14px">Xem xe</a>
</td></tr>`;
}

export function carsTable(rows: string[]): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%">${rows.join('\n')}</table>`;
}

export function heading(text: string): string {
  return `<h2 style="${FONT};font-size:18px;color:#0f172a;margin:24px 0 4px">${esc(text)}</h2>`;
}

export function paragraph(html: string, muted = false): string {
  return `<p style="${FONT};font-size:14px;line-height:1.5;color:${muted ? '#64748b' : '#334155'};margin:4px 0">${html}</p>`;
}

export function link(url: string, text: string): string {
  return `<a href="${esc(url)}" style="color:${BRAND}">${esc(text)}</a>`;
}

export function button(url: string, text: string): string {
  return `<p style="margin:20px 0"><a href="${esc(url)}" style="${FONT};display:inline-block;background:${BRAND};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:8px">${esc(text)}</a></p>`;
}

/** The whole HTML document around the body: one column, 600 px at most. */
export function page(site: string, title: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="background:#f1f5f9"><tr><td align="center" style="padding:16px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="max-width:600px;background:#ffffff;border-radius:12px"><tr><td style="padding:24px">
<div style="${FONT};font-size:20px;font-weight:bold;color:${BRAND}">${esc(site)}</div>
${body}
<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0 12px">
${footer}
</td></tr></table>
</td></tr></table>
</body></html>`;
}

export interface Unsubscribe {
  /** The token the one-click POST ends ('u.' one subscription, 'a.' every one of the address). */
  token: string;
  /** The address the footer's "manage" link opens. */
  email: string;
  /** The mailbox a person reads, for mail programs that only offer mailto. */
  mailbox: string;
}

/** List-Unsubscribe with the one-click HTTPS address first, then mailto; and the one-click marker. */
export function unsubscribeHeaders(links: AlertLinks, u: Unsubscribe): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClick(u.token)}>, <mailto:${u.mailbox}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The footer's lines: why this mail came, manage every subscription, end them (or this one). */
export function footer(links: AlertLinks, u: Unsubscribe, site: string) {
  const manage = links.manageUrl(u.email);
  const stop = links.unsubscribePage(u.token);
  const stopLabel = u.token.startsWith('a.') ? 'Hủy tất cả thông báo' : 'Hủy đăng ký này';
  return {
    text: [
      '--',
      `Bạn nhận email này vì đã đăng ký nhận thông báo xe tại ${site} bằng địa chỉ ${u.email}.`,
      `Quản lý thông báo: ${manage}`,
      `${stopLabel}: ${stop}`,
    ],
    html: [
      paragraph(
        `Bạn nhận email này vì đã đăng ký nhận thông báo xe tại ${esc(site)} bằng địa chỉ ${esc(u.email)}.`,
        true,
      ),
      paragraph(`${link(manage, 'Quản lý thông báo')} · ${link(stop, stopLabel)}`, true),
    ].join('\n'),
  };
}

/** A mail with both parts and the unsubscribe headers. */
export function letter(
  to: string,
  subject: string,
  text: string[],
  html: string,
  headers: Record<string, string>,
): Mail {
  return { to, subject, text: text.join('\n'), html, headers };
}
