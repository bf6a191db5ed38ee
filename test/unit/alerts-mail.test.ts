import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CarSummary } from '../../src/contract/cars';
import { AlertLinks } from '../../src/server/modules/alerts/links';
import { confirmationMail, digestMail } from '../../src/server/modules/alerts/mail';
import type { SubscriptionRow } from '../../src/server/modules/alerts/views';
import type { ApiError } from '../../src/server/platform/errors';
import { createMailer, type Mail } from '../../src/server/platform/mailer';
import { parseMime } from '../helpers/mime';

/**
 * The alerts' e-mails as a mail program receives them: written by the real mailer (nodemailer) to the
 * outbox and read back from the .eml: multipart/alternative with a Vietnamese text and HTML part, and
 * the one-click unsubscribe headers of RFC 2369 and RFC 8058.
 */

const SITE = 'https://autoviet.example';
const links = new AlertLinks('unit-secret-unit-secret-unit-secret-0123', SITE);
const showroom = { name: 'AutoViet', email: 'lienhe@autoviet.vn' };
const outbox = mkdtempSync(join(tmpdir(), 'alerts-mail-'));
const silent = { info() {}, error() {}, warn() {} } as never;
const mailer = createMailer({
  smtpUrl: null,
  from: 'AutoViet <no-reply@autoviet.vn>',
  outboxDir: outbox,
  log: silent,
});
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

async function roundTrip(mail: Mail) {
  const before = new Set(readdirSync(outbox));
  await mailer.send(mail);
  const file = readdirSync(outbox).find((f) => !before.has(f))!;
  return parseMime(readFileSync(join(outbox, file), 'utf8'));
}

const row = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  id: 42,
  email: 'khach@example.com',
  phone: null,
  kind: 'search',
  filters: { brand: 'Toyota', bodyType: 'SUV', maxPrice: 800_000_000 },
  matchKey: 'search:{}',
  carId: null,
  status: 'active',
  lastCarId: 10,
  notifiedPrice: null,
  createdAt: new Date('2026-11-20T02:00:00Z'),
  confirmedAt: new Date('2026-11-20T02:05:00Z'),
  endedAt: null,
  endReason: null,
  ...over,
});

const car = (id: number, over: Partial<CarSummary> = {}): CarSummary => ({
  carId: id,
  carName: 'Toyota Corolla Cross 1.8V',
  brand: 'Toyota',
  model: 'Corolla Cross',
  version: '1.8V',
  year: 2022,
  sellPrice: 720_000_000,
  odo: 25_000,
  bodyType: 'SUV',
  size: 5,
  fuel: 'PETROL',
  transmission: 'AUTOMATIC',
  exteriorColor: 'Trắng',
  origin: 'IMPORTED',
  status: 'available',
  cover: {
    src: `/api/uploads/cars/${id}-960.webp`,
    srcset: '',
    width: 1600,
    height: 1067,
    urls: {
      480: `/api/uploads/cars/${id}-480.webp`,
      960: `/api/uploads/cars/${id}-960.webp`,
      1600: `/api/uploads/cars/${id}-1600.webp`,
    },
  },
  createdAt: '2026-11-21T02:00:00.000Z',
  priceDrop: null,
  priceDroppedAt: null,
  inspection: null,
  priceRating: null,
  priceRatingLabel: null,
  priceRatingComparables: null,
  ...over,
});

describe('the confirmation e-mail', () => {
  it('is multipart/alternative, Vietnamese in both parts, with one-click unsubscribe headers for this sign-up', async () => {
    const m = await roundTrip(
      confirmationMail(row({ status: 'pending', confirmedAt: null }), undefined, links, showroom),
    );
    expect(m.type).toBe('multipart/alternative');
    expect(m.parts.map((p) => p.type)).toEqual(['text/plain', 'text/html']);
    expect(m.headers.subject).toBe('Xác nhận nhận thông báo - AutoViet');
    expect(m.headers['list-unsubscribe']).toBe(
      `<${SITE}/api/alerts/unsubscribe?token=${links.subscription('u', 42)}>, <mailto:lienhe@autoviet.vn?subject=unsubscribe>`,
    );
    expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(m.text).toContain(`Xác nhận: ${SITE}/alerts/confirm?token=${links.subscription('c', 42)}`);
    // The brand was typed, not chosen from a list: the confirmation names only what was chosen.
    expect(m.text).toContain('Xe mới theo bộ lọc: SUV · Giá đến 800 triệu, cùng điều kiện bạn đã nhập');
    expect(m.text).not.toContain('Toyota');
    expect(m.text).toContain(
      `Quản lý thông báo: ${SITE}/alerts/manage?token=${links.address('m', 'khach@example.com')}`,
    );
    expect(m.html).toContain('<html lang="vi">');
    expect(m.html).toContain(`href="${SITE}/alerts/confirm?token=${links.subscription('c', 42)}"`);
  });
});

describe('the digest e-mail', () => {
  it('lists each car with photo, price and link; its one-click ends every subscription of the address', async () => {
    const watch = row({ id: 43, kind: 'price', filters: null, carId: 7, notifiedPrice: 600_000_000 });
    const sold = row({ id: 44, kind: 'price', filters: null, carId: 8 });
    const m = await roundTrip(
      digestMail(
        {
          email: 'khach@example.com',
          searches: [{ row: row(), cars: [car(5)], total: 9 }],
          drops: [
            {
              row: watch,
              car: car(7, { carName: 'Honda CR-V <L>', sellPrice: 560_000_000 }),
              from: 600_000_000,
            },
          ],
          sold: [
            {
              row: sold,
              car: car(8, { carName: 'Honda Civic RS', status: 'sold' }),
              similar: [car(9, { carName: 'Honda City RS' }), car(10, { carName: 'Mazda 3', cover: null })],
            },
          ],
        },
        links,
        showroom,
      ),
    );
    expect(m.type).toBe('multipart/alternative');
    expect(m.headers.subject).toBe('AutoViet: 9 xe mới phù hợp, 1 xe giảm giá, 1 xe đã bán');
    expect(m.headers['list-unsubscribe']).toBe(
      `<${SITE}/api/alerts/unsubscribe?token=${links.address('a', 'khach@example.com')}>, <mailto:lienhe@autoviet.vn?subject=unsubscribe>`,
    );
    expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(m.text).toContain('Toyota Corolla Cross 1.8V 2022: 720 triệu, 25.000 km');
    expect(m.text).toContain(`Xem tất cả 9 xe: ${SITE}/cars?brand=Toyota&bodyType=SUV&maxPrice=800000000`);
    expect(m.text).toContain('Honda CR-V <L> 2022: Giảm 40 triệu: từ 600 triệu còn 560 triệu');
    expect(m.text).toContain('Xe đã bán: Honda Civic RS 2022');
    expect(m.text).toContain(`${SITE}/cars/9`);
    expect(m.text).toContain(`${SITE}/cars/10`);
    expect(m.text).toContain(
      `Hủy thông báo này: ${SITE}/alerts/unsubscribe?token=${links.subscription('u', 42)}`,
    );
    expect(m.html).toContain(
      `<img src="${SITE}/api/uploads/cars/5-480.webp" width="160" alt="Toyota Corolla Cross 1.8V"`,
    );
    expect(m.html).toContain(`href="${SITE}/cars/5"`);
    // Staff's text is escaped in the HTML part.
    expect(m.html).toContain('Honda CR-V &lt;L&gt; 2022');
    expect(m.html).not.toContain('<L>');
    expect(m.html).toContain('Hủy tất cả thông báo');
    // The drop under the new price; a car without a photo keeps its place with a grey box.
    expect(m.html).toContain('>560 triệu</div>');
    expect(m.html).toContain('Giảm 40 triệu, từ 600 triệu');
    expect(m.html).toContain('Chưa có ảnh');
  });
});

describe('signed links', () => {
  it('reads what the server signed, and refuses a changed subject, signature or kind', () => {
    expect(links.read(links.subscription('u', 42), ['u', 'a'])).toEqual({ kind: 'u', subscriptionId: 42 });
    expect(links.read(links.address('m', 'Khách@example.com'), ['m'])).toEqual({
      kind: 'm',
      email: 'Khách@example.com',
    });
    const refused = (token: string, kinds: ('c' | 'u' | 'a' | 'm')[]) => {
      try {
        links.read(token, kinds);
        return null;
      } catch (err) {
        return (err as ApiError).status;
      }
    };
    const token = links.subscription('c', 42);
    expect(refused(token.replace('c.42.', 'c.43.'), ['c'])).toBe(400);
    expect(refused(`${token.slice(0, -2)}xx`, ['c'])).toBe(400);
    expect(refused(token.replace(/^c\./, 'u.'), ['u'])).toBe(400);
    expect(refused(token, ['u', 'a'])).toBe(400);
    expect(
      refused(new AlertLinks('another-secret-another-secret-0000', SITE).subscription('c', 42), ['c']),
    ).toBe(400);
    expect(refused(token, ['c'])).toBeNull();
  });
});
