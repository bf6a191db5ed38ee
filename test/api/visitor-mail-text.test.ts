import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { decodeMail } from '../helpers/mail';
import {
  asIp,
  consultingBody,
  createCar,
  freshIp,
  inDays,
  maintenanceBody,
  testDriveBody,
} from './leads-fixtures';
import { postPurchase, purchaseBody } from './purchases-fixtures';
import { openDeposits, visitor } from './reservations-fixtures';

/**
 * A stranger may type someone else's address into a public form: what the showroom then mails carries
 * no text of theirs but a name, and the name only when it reads as one (letters, spaces, an initial's
 * dot, an apostrophe or a hyphen; at most 7 words and 50 characters). Anything else is greeted "Quý khách".
 * The car a visitor describes, their note, the keywords of a saved search stay out of the mail.
 */

let t: TestApp;
let carId: number;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  await openDeposits(t);
  carId = await createCar(t);
});
afterAll(() => t.close());

const recipient = (raw: string) => /^To: (.+)$/m.exec(raw)?.[1]?.trim().toLowerCase() ?? '';

/** The one message to `address`, waited for, decoded; the raw .eml beside it (attachments are base64). */
async function mailTo(address: string): Promise<{ text: string; raw: string }> {
  let raw = '';
  await expect
    .poll(() => {
      raw = t.outbox().find((m) => recipient(m) === address) ?? '';
      return raw;
    })
    .not.toBe('');
  // The calendar file rides base64-encoded: decoded too, so nothing hides in it.
  const attachments = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return { text: `${decodeMail(raw)}\n${attachments}`, raw };
}

const PHISHING = 'Tài khoản của bạn bị khóa, mở http://evil.example để nhận lại';

describe('the visitor name in mail', () => {
  it('greets by a real name, and says "Quý khách" for a name that carries lines or a link', async () => {
    const plain = await t.call('POST', '/api/reservations', {
      body: visitor(carId, { email: 'ten.that@example.com', fullName: 'Lê Thị Hoa' }),
      headers: asIp(freshIp()),
    });
    expect(plain.status, plain.body).toBe(201);
    expect((await mailTo('ten.that@example.com')).text).toContain('Chào Lê Thị Hoa,');
    await t.call('POST', `/api/reservations/${plain.json.code}/cancel`, {
      body: { token: plain.json.token },
    });

    const forged = await t.call('POST', '/api/reservations', {
      body: visitor(carId, { email: 'nan.nhan@example.com', fullName: `Hoa\r\n\r\n${PHISHING}` }),
      headers: asIp(freshIp()),
    });
    expect(forged.status, forged.body).toBe(201);
    const mail = (await mailTo('nan.nhan@example.com')).text;
    expect(mail).toContain('Chào Quý khách,');
    expect(mail).not.toContain('evil.example');
    expect(mail).not.toContain('bị khóa');
  });

  it('keeps markup and the visitor note out of a booking mail and its calendar file', async () => {
    const res = await t.call('POST', '/api/test-drives', {
      body: testDriveBody(carId, {
        email: 'the.html@example.com',
        fullName: '<a href="http://evil.example">Nhận quà</a>',
        note: PHISHING,
      }),
      headers: asIp(freshIp()),
    });
    expect(res.status, res.body).toBe(201);
    const { text, raw } = await mailTo('the.html@example.com');
    expect(text).toContain('Xin chào Quý khách,');
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('<a ');
    expect(text).not.toContain('Nhận quà');
    // The calendar invitation names the attendee the same way.
    expect(raw).toContain('lich-hen.ics');
    expect(text).toContain('CN="Quý khách"');
  });

  it('never puts the car a visitor describes into the maintenance mail', async () => {
    const res = await t.call('POST', '/api/maintenance', {
      body: maintenanceBody({
        email: 'bao.duong@example.com',
        fullName: 'Trần Thị Bình',
        make: 'Honda',
        model: 'City nhận quà tại evil.example',
        preferredDate: inDays(9),
      }),
      headers: asIp(freshIp()),
    });
    expect(res.status, res.body).toBe(201);
    const { text } = await mailTo('bao.duong@example.com');
    expect(text).toContain('Xin chào Trần Thị Bình,');
    expect(text).toContain(res.json.reference);
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('51G');
  });

  it('describes a saved search without the keywords the visitor typed', async () => {
    const res = await t.call('POST', '/api/saved-searches', {
      body: {
        email: 'loc.xe@example.com',
        filters: { carName: 'quà tặng tại evil.example', exteriorColor: 'Gọi 0900000000', bodyType: 'SUV' },
      },
      headers: asIp(freshIp()),
    });
    expect(res.status, res.body).toBe(201);
    const { text } = await mailTo('loc.xe@example.com');
    expect(text).toContain('SUV');
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('0900000000');
  });
});

describe('forms that mail only the staff, and the seller’s confirmation', () => {
  it('consulting sends nothing to the address typed', async () => {
    const before = t.outbox().length;
    const consulting = await t.call('POST', '/api/consulting', {
      body: consultingBody({ email: 'tu.van@example.com' }),
      headers: asIp(freshIp()),
    });
    expect(consulting.status, consulting.body).toBe(201);
    await new Promise((r) => setTimeout(r, 500));
    expect(t.outbox().slice(before).map(recipient)).not.toContain('tu.van@example.com');
  });

  it('confirms a sale request with its reference, never the car or the note the seller typed', async () => {
    const sell = await postPurchase(
      t,
      purchaseBody({
        email: 'ban.xe@example.com',
        fullName: `Lan\r\n${PHISHING}`,
        model: 'Vios nhận quà tại evil.example',
        version: 'Gọi 0900000000',
        note: PHISHING,
      }),
    );
    expect(sell.status, sell.body).toBe(201);
    const { text } = await mailTo('ban.xe@example.com');
    expect(text).toContain('Xin chào Quý khách,');
    expect(text).toContain(sell.json.reference);
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('0900000000');
    expect(text).not.toContain('bị khóa');
  });
});
