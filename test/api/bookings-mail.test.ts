import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_CONFIRMED_NOTE,
  BOOKING_PENDING_NOTE,
  TEST_DRIVE_LICENCE_NOTE,
} from '../../src/contract/leads';
import { startTestApp, type TestApp } from '../helpers/app';
import { asIp, createCar, freshIp, inDays, testDriveBody } from './leads-fixtures';

/**
 * The confirmation e-mail as the customer's mail program receives it: the .eml of the outbox parsed
 * as MIME (headers, the text, the calendar alternative and the attached lich-hen.ics decoded).
 */

let t: TestApp;
let carId: number;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on', MAIL_FROM: 'AutoViet <no-reply@autoviet.example>' });
  carId = await createCar(t);
  await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: {
      showroomName: 'AutoViet',
      showroomAddress: '123 Nguyễn Văn Linh, Quận 7; TP. Hồ Chí Minh',
      showroomEmail: 'lienhe@autoviet.example',
      showroomPhone: '0909 123 456',
    },
  });
});
afterAll(() => t.close());

interface Part {
  headers: Record<string, string>;
  body: string;
}

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function entity(raw: string): Part {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = text.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: text.slice(split + 2) };
}

/** Every leaf part of a multipart entity, depth first. */
function leaves(part: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/.exec(part.headers['content-type'] ?? '')?.[1];
  if (!boundary) return [part];
  const chunks = part.body.split(`--${boundary}`).slice(1, -1);
  return chunks.flatMap((c) => leaves(entity(c.replace(/^\n/, ''))));
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function quotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('the confirmation e-mail', () => {
  it('has the customer, a Vietnamese subject, the text with the link, and lich-hen.ics attached', async () => {
    const day = inDays(6);
    const res = await t.call('POST', '/api/test-drives', {
      body: testDriveBody(carId, {
        preferredDate: day,
        timeSlot: '09:30',
        email: 'khach.ics@example.com',
        fullName: 'Phạm Thị Lịch',
      }),
      headers: asIp(freshIp()),
    });
    expect(res.status).toBe(201);
    const reference: string = res.json.reference;
    let raw = '';
    await expect
      .poll(() => {
        raw = t.outbox().find((m) => m.includes('khach.ics@example.com')) ?? '';
        return raw;
      })
      .not.toBe('');
    const mail = entity(raw);
    const dmy = `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    expect(mail.headers.to).toBe('khach.ics@example.com');
    expect(mail.headers.from).toBe('AutoViet <no-reply@autoviet.example>');
    // Received, not confirmed: the staff member's call confirms it, as the thank-you screen says.
    expect(decodeWords(mail.headers.subject)).toBe(`Đã nhận lịch lái thử ${reference}: 09:30 ngày ${dmy}`);
    expect(res.json.status).toBe('NEW');
    expect(mail.headers['content-type']).toMatch(/^multipart\/mixed;/);

    const parts = leaves(mail);
    const text = parts.find((p) => p.headers['content-type'].startsWith('text/plain'))!;
    const plain = quotedPrintable(text.body);
    expect(plain).toContain('Xin chào Phạm Thị Lịch,');
    expect(plain).toContain(`- Mã lịch hẹn: ${reference}`);
    expect(plain).toContain(`- Thời gian: 09:30, `);
    expect(plain).toContain('- Địa điểm: 123 Nguyễn Văn Linh, Quận 7; TP. Hồ Chí Minh');
    expect(plain).toContain(res.json.manageUrl);
    expect(plain).toContain(BOOKING_PENDING_NOTE);
    expect(plain).toContain(TEST_DRIVE_LICENCE_NOTE);
    expect(plain).not.toContain(BOOKING_CONFIRMED_NOTE);

    // Mail programs offer "add to calendar" from the text/calendar alternative.
    const alternative = parts.find((p) => p.headers['content-type'].startsWith('text/calendar'))!;
    expect(alternative.headers['content-type']).toBe('text/calendar; charset=utf-8; method=REQUEST');

    const attached = parts.find((p) => p.headers['content-type'].startsWith('application/ics'))!;
    expect(attached.headers['content-disposition']).toBe('attachment; filename=lich-hen.ics');
    expect(attached.headers['content-transfer-encoding']).toBe('base64');
    const ics = Buffer.from(attached.body.replace(/\s+/g, ''), 'base64').toString('utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const logical = ics.replace(/\r\n[ \t]/g, '');
    expect(logical).toContain('\r\nMETHOD:REQUEST\r\n');
    expect(logical).toContain(`\r\nDTSTART;TZID=Asia/Ho_Chi_Minh:${day.replace(/-/g, '')}T093000\r\n`);
    expect(logical).toContain(`\r\nDTEND;TZID=Asia/Ho_Chi_Minh:${day.replace(/-/g, '')}T103000\r\n`);
    expect(logical).toContain('\r\nLOCATION:123 Nguyễn Văn Linh\\, Quận 7\\; TP. Hồ Chí Minh\r\n');
    expect(logical).toContain('\r\nSUMMARY:Lái thử: Toyota Vios 1.5G 2020 - AutoViet\r\n');
    expect(logical).toContain('\r\nORGANIZER;CN="AutoViet":mailto:lienhe@autoviet.example\r\n');
    expect(logical).toContain('mailto:khach.ics@example.com\r\n');
    expect(logical).toMatch(/\r\nUID:lead-\d+@localhost\r\n/);
    expect(logical).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(logical).toContain(`\r\nURL:${res.json.manageUrl}\r\n`);
    // The calendar says the same: not confirmed yet, bring the licence.
    expect(logical).toContain('\r\nSTATUS:TENTATIVE\r\n');
    const description = /\r\nDESCRIPTION:([^\r]*)\r\n/.exec(logical)?.[1] ?? '';
    expect(description).toContain(BOOKING_PENDING_NOTE);
    expect(description).toContain(TEST_DRIVE_LICENCE_NOTE);
  });

  it('is not sent when no e-mail was given', async () => {
    const before = t.outbox().length;
    const res = await t.call('POST', '/api/test-drives', {
      body: testDriveBody(carId, { email: '', fullName: 'Khách Không Email' }),
      headers: asIp(freshIp()),
    });
    expect(res.status).toBe(201);
    // The staff bell is rung after the commit, like the customer's mail would be: once it has, nothing was written.
    await expect
      .poll(async () => {
        const bell = await t.call('GET', '/api/notifications/unread/1', { token: t.adminToken });
        return (bell.json as { message: string }[]).some((n) => n.message.includes('Khách Không Email'));
      })
      .toBe(true);
    expect(
      t
        .outbox()
        .slice(before)
        .filter((m) => m.includes('lich-hen.ics')),
    ).toHaveLength(0);
  });
});
