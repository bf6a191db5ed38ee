import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_GREETING } from '../../src/contract/chat';
import { CHAT_HANDOFF_THANKS, CHAT_TRANSCRIPT_LIMITS } from '../../src/contract/chat-handoff';
import { LEAD_RATE_LIMIT_MESSAGE } from '../../src/contract/leads';
import { leads, notifications } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { asIp, consultingBody, createCar, freshIp, hideCar } from './leads-fixtures';

/**
 * POST /api/chat/handoff: "Gặp nhân viên tư vấn" in the chat makes a consulting lead carrying the
 * conversation so far; staff read it in the lead's drawer. Public, rate limited, idempotent.
 */

let t: TestApp;
let service: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  service = await t.createStaff(['MANAGE_SERVICE']);
});
afterAll(() => t.close());

const conversation = [
  { role: 'model', content: CHAT_GREETING },
  { role: 'user', content: 'xe 7 chỗ dưới 1 tỷ' },
  { role: 'model', content: 'Mình tìm được 3 xe: [Toyota Fortuner 2.4G 2020](/cars/12) ...' },
  { role: 'user', content: 'bớt giá được không' },
];

const body = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Phạm Khách Chat',
  phone: '0912 345 678',
  transcript: conversation,
  website: '',
  clientRequestId: randomUUID(),
  source: { utmSource: 'google', utmCampaign: 'xe-gia-dinh' },
  ...overrides,
});

const post = (b: unknown, ip = freshIp()) =>
  t.call('POST', '/api/chat/handoff', { body: b, headers: asIp(ip) });

async function rowOf(reference: string) {
  const [row] = await t.ctx.db.select().from(leads).where(eq(leads.reference, reference));
  return row;
}

describe('the hand-off to a person', () => {
  it('creates a consulting lead from the chat with the transcript, for staff to read', async () => {
    const res = await post(body());
    expect(res.status, res.body).toBe(201);
    expect(res.json.reference).toMatch(/^TV-[0-9A-F]{8}$/);
    expect(res.json.type).toBe('CONSULTING');
    expect(res.json.message).toBe(`${CHAT_HANDOFF_THANKS} ${res.json.reference}.`);
    const row = await rowOf(res.json.reference);
    const detail = await t.call('GET', `/api/consulting/admin/${row.id}`, { token: service.token });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      fullName: 'Phạm Khách Chat',
      phone: '0912345678',
      email: null,
      topic: 'OTHER',
      status: 'NEW',
      message: 'Khách muốn gặp nhân viên tư vấn từ khung chat. Câu hỏi cuối: "bớt giá được không"',
      source: {
        channel: 'CHAT',
        label: 'Chat tư vấn · đến từ google',
        utmSource: 'google',
        utmCampaign: 'xe-gia-dinh',
      },
    });
    // The greeting says nothing about the visitor: the transcript starts at their first question. The
    // advisor turns carry no signature of the server here: staff read them as the visitor's claim.
    expect(detail.json.transcript).toEqual(conversation.slice(1).map((t) => ({ ...t, fromServer: false })));
    expect(detail.json.responseDueAt).not.toBeNull();
    // The list finds it by phone like any lead.
    const list = await t.call('GET', '/api/consulting/admin', {
      token: service.token,
      query: { search: '0912 345 678' },
    });
    expect(list.json.content.map((l: { leadId: number }) => l.leadId)).toContain(row.id);
  });

  it('rings the service staff', async () => {
    const res = await post(body({ fullName: 'Khách Muốn Gặp Người' }));
    const row = await rowOf(res.json.reference);
    for (let i = 0; i < 100; i++) {
      const bells = await t.ctx.db
        .select()
        .from(notifications)
        .where(like(notifications.message, 'Khách hàng Khách Muốn Gặp Người%'));
      if (bells.some((b) => b.userId === service.id)) {
        expect(bells[0].message).toBe(
          'Khách hàng Khách Muốn Gặp Người muốn gặp nhân viên tư vấn (từ khung chat), điện thoại 0912345678',
        );
        expect(bells[0].link).toBe(`/dashboard/consultantManagement?id=${row.id}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no notification');
  });

  it('keeps the car the chat began from: a car enquiry ("Mua xe") about it, as the car page\'s form makes', async () => {
    const carId = await createCar(t);
    const car = (await t.call('GET', `/api/cars/${carId}`)).json as { carName: string };
    const res = await post(body({ carId, fullName: 'Khách Hỏi Xe' }));
    expect(res.status, res.body).toBe(201);
    const row = await rowOf(res.json.reference);
    expect(row).toMatchObject({ carId, topic: 'BUY' });
    expect(row.carLabel).toContain(car.carName);
    const detail = await t.call('GET', `/api/consulting/admin/${row.id}`, { token: service.token });
    expect(detail.json).toMatchObject({ carId, topic: 'BUY', topicLabel: 'Mua xe' });
    expect(detail.json.carLabel).toBe(row.carLabel);
    // The bell names the car.
    await expect
      .poll(async () =>
        (
          await t.ctx.db
            .select()
            .from(notifications)
            .where(like(notifications.message, 'Khách hàng Khách Hỏi Xe%'))
        )
          .map((b) => b.message)
          .at(0),
      )
      .toBe(
        `Khách hàng Khách Hỏi Xe muốn gặp nhân viên tư vấn về xe ${row.carLabel} (từ khung chat), điện thoại 0912345678`,
      );
    // The staff list finds it by the car's name.
    const list = await t.call('GET', '/api/consulting/admin', {
      token: service.token,
      query: { search: car.carName },
    });
    expect(list.json.content.map((l: { leadId: number }) => l.leadId)).toContain(row.id);
  });

  it('still takes the visitor when the car has left the stock (filed without it), and refuses a bad car id', async () => {
    const carId = await createCar(t);
    await hideCar(t, carId);
    const res = await post(body({ carId }));
    expect(res.status, res.body).toBe(201);
    expect(await rowOf(res.json.reference)).toMatchObject({ carId: null, topic: 'OTHER' });
    const bad = await post(body({ carId: 'abc' }));
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Xe không hợp lệ');
  });

  it('keeps only the newest turns of a long chat', async () => {
    const turns = Array.from({ length: 40 }, (_, i) => ({
      role: i % 2 ? 'model' : 'user',
      content: `tin nhắn ${i} ${'x'.repeat(400)}`,
    }));
    const res = await post(body({ transcript: turns }));
    expect(res.status).toBe(201);
    const row = await rowOf(res.json.reference);
    const kept = row.transcript!;
    expect(kept.length).toBeLessThanOrEqual(CHAT_TRANSCRIPT_LIMITS.maxTurns);
    expect(kept.reduce((n, m) => n + m.content.length, 0)).toBeLessThanOrEqual(
      CHAT_TRANSCRIPT_LIMITS.maxChars,
    );
    expect(kept.at(-1)?.content).toBe(turns[39].content);
    expect(kept.some((m) => m.content.startsWith('tin nhắn 0 '))).toBe(false);
  });

  it('accepts a hand-off before any question', async () => {
    const res = await post(body({ transcript: [{ role: 'model', content: CHAT_GREETING }] }));
    expect(res.status).toBe(201);
    const row = await rowOf(res.json.reference);
    expect(row.transcript).toEqual([]);
    expect(row.message).toBe('Khách muốn gặp nhân viên tư vấn từ khung chat.');
  });
});

describe('advisor turns in the transcript', () => {
  /** Asks the advisor for real: its answer and the signature it came with. */
  async function ask(history: { role: string; content: string }[]) {
    const res = await t.call('POST', '/api/chatbot/history', { body: history, headers: asIp(freshIp()) });
    expect(res.status, res.body).toBe(200);
    const sig = res.headers['x-advisor-signature'];
    expect(typeof sig).toBe('string');
    return { role: 'model', content: res.body, sig: sig as string };
  }

  it('are marked as the server’s own only when they carry its signature; the rest is the visitor’s claim', async () => {
    const q1 = { role: 'user', content: 'showroom mở cửa mấy giờ' };
    const a1 = await ask([q1]);
    const q2 = { role: 'user', content: 'có bớt giá không' };
    const forged = { role: 'model', content: 'Có, showroom giảm ngay 50% cho bạn.', sig: a1.sig };
    const q3 = { role: 'user', content: 'vậy tôi muốn gặp nhân viên' };
    // A real answer moved under another question is not what the server said to that question.
    const moved = { ...a1 };
    const q4 = { role: 'user', content: 'giảm 50% đúng không' };
    const res = await post(
      body({
        transcript: [{ role: 'model', content: CHAT_GREETING }, q1, a1, q2, forged, q3, moved, q4],
      }),
    );
    expect(res.status, res.body).toBe(201);
    const row = await rowOf(res.json.reference);
    const detail = await t.call('GET', `/api/consulting/admin/${row.id}`, { token: service.token });
    expect(
      (detail.json.transcript as { role: string; fromServer: boolean }[]).map((x) => [x.role, x.fromServer]),
    ).toEqual([
      ['user', false],
      ['model', true],
      ['user', false],
      ['model', false],
      ['user', false],
      ['model', false],
      ['user', false],
    ]);
    // The signature is not kept: staff see the mark, not the key to forge it.
    expect(JSON.stringify(row.transcript)).not.toContain(a1.sig);
  });
});

describe('validation', () => {
  it('answers 400 in Vietnamese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, 'Vui lòng nhập họ và tên'],
      [{ phone: '' }, 'Vui lòng nhập số điện thoại'],
      [{ phone: '012345' }, 'Số điện thoại không hợp lệ'],
      [
        { transcript: [{ role: 'system', content: 'x' }] },
        'Vai trò tin nhắn không hợp lệ (chỉ chấp nhận user hoặc model)',
      ],
      [{ transcript: 'xin chào' }, 'Nội dung cuộc trò chuyện không hợp lệ'],
      [
        { transcript: Array.from({ length: 51 }, () => ({ role: 'user', content: 'a' })) },
        'Cuộc trò chuyện quá dài (tối đa 50 tin nhắn, 20.000 ký tự)',
      ],
      [
        { transcript: Array.from({ length: 11 }, () => ({ role: 'user', content: 'a'.repeat(2000) })) },
        'Cuộc trò chuyện quá dài (tối đa 50 tin nhắn, 20.000 ký tự)',
      ],
      [{ clientRequestId: 'abc' }, 'Mã yêu cầu không hợp lệ'],
      [{ source: { referrer: 'not a host' } }, 'Trang giới thiệu phải là tên miền (ví dụ: google.com)'],
    ];
    for (const [overrides, message] of cases) {
      const res = await post(body(overrides));
      expect(res.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(res.json.message).toBe(message);
    }
  });
});

describe('idempotency, rate limit and honeypot', () => {
  it('answers the same lead for the same clientRequestId and body, 422 for another body, 409 for a key of another form', async () => {
    const b = body();
    const first = await post(b);
    const again = await post(b);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json.reference).toBe(first.json.reference);
    expect(again.json.fullName).toBe('Phạm Khách Chat');
    const other = await post({ ...b, fullName: 'Tên Khác' });
    expect(other.status).toBe(422);
    expect(other.body).not.toContain('Phạm Khách Chat');
    const rows = await t.ctx.db.select().from(leads).where(eq(leads.clientRequestId, b.clientRequestId));
    expect(rows).toHaveLength(1);
    const form = consultingBody();
    expect((await t.call('POST', '/api/consulting', { body: form, headers: asIp(freshIp()) })).status).toBe(
      201,
    );
    const reused = await post(body({ clientRequestId: form.clientRequestId }));
    expect(reused.status).toBe(409);
  });

  it('makes one lead of two simultaneous hand-offs with the same key', async () => {
    const b = body();
    const answers = await Promise.all([post(b), post(b)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const rows = await t.ctx.db.select().from(leads).where(eq(leads.clientRequestId, b.clientRequestId));
    expect(rows).toHaveLength(1);
  });

  it('allows 5 hand-offs per address in 10 minutes; a repeat does not count', async () => {
    const ip = freshIp();
    const first = body();
    for (let i = 0; i < 5; i++) expect((await post(i === 0 ? first : body(), ip)).status).toBe(201);
    expect((await post(first, ip)).status).toBe(200);
    const refused = await post(body(), ip);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(LEAD_RATE_LIMIT_MESSAGE);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const b = body({ website: 'http://spam.example' });
    const res = await post(b);
    expect(res.status).toBe(201);
    expect(res.json.reference).toMatch(/^TV-/);
    const rows = await t.ctx.db.select().from(leads).where(eq(leads.clientRequestId, b.clientRequestId));
    expect(rows).toHaveLength(0);
  });
});
