import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatMessage, carAdviceMessage, carLinks } from '../../src/contract/chat';
import { CHAT_PERSON_OFFER, offersPerson } from '../../src/contract/chat-handoff';
import { formatDateTime, formatPrice } from '../../src/contract/format';
import { DEFAULT_SHOWROOM_POLICIES } from '../../src/contract/web-config';
import { openDeposits, reserve } from '../api/reservations-fixtures';
import { type AdvisorApp, advisorApp, carsOf } from './conversation-app';

/**
 * Questions about the car in hand, through the real API: an offer on it is a negotiation, a car on
 * hold is named as held (with when it may come back, similar cars and the alert), and "còn bảo hành
 * hãng không?" is answered with the maker's usual terms beside the showroom's own warranty.
 */

let app: AdvisorApp;
let cx5: number;
let outlanderHeldUntil: string;

beforeAll(async () => {
  app = await advisorApp();
  // The CX-5 was repriced once (695 -> 679 triệu): the negotiation answer shows that history.
  cx5 = app.idOf('Mazda CX-5 2.0 Luxury');
  const repriced = await app.t.call('PUT', `/api/cars/admin/${cx5}/price`, {
    token: app.t.adminToken,
    body: { sellPrice: 679_000_000 },
  });
  expect(repriced.status, repriced.body).toBe(200);
  const car = app.world.cars.get(cx5);
  if (car) car.sellPrice = 679_000_000;
  // A visitor put a deposit on the Outlander: it is "Đang giao dịch" until the deadline to pay.
  await openDeposits(app.t);
  outlanderHeldUntil = (await reserve(app.t, app.extra.outlander)).expiresAt;
}, 120_000);
afterAll(() => app?.t.close());

/** The conversation a car page starts ("Tư vấn với AI"), then the visitor's messages. */
function fromCarPage(id: number, ...messages: string[]) {
  const car = app.world.cars.get(id);
  if (!car) throw new Error(`no car ${id}`);
  return app.talk(carAdviceMessage(car), ...messages);
}

describe('haggling over the car in hand', () => {
  it('«anh trả 550 triệu được không em» on the CX-5’s page is an offer on that car, not a search', async () => {
    const { answers, history } = await fromCarPage(cx5, 'anh trả 550 triệu được không em');
    const answer = answers[1];
    // Only this car: no list of other cars near 550 triệu.
    expect(carLinks(answer), answer).toEqual([cx5]);
    expect(answer).toContain('550 triệu');
    expect(answer).toContain('679 triệu');
    // Its price history and the showroom's policy on prices.
    expect(answer).toContain('695 triệu → 679 triệu');
    expect(answer).toContain(DEFAULT_SHOWROOM_POLICIES.negotiation);
    // 129 triệu under the asking price (19 %), said as such.
    expect(answer).toContain(`thấp hơn giá niêm yết ${formatPrice(129_000_000)}`);
    expect(offersPerson(answer), answer).toBe(true);

    // The hand-off that follows carries the offer and the car to the person who calls back.
    const res = await app.t.call('POST', '/api/chat/handoff', {
      body: {
        fullName: 'Trần Văn Khách',
        phone: '0912 345 679',
        transcript: history,
        website: '',
        clientRequestId: randomUUID(),
        source: {},
      },
    });
    expect(res.status, res.body).toBe(201);
    const leads = await app.t.call('GET', '/api/consulting/admin', {
      token: app.t.adminToken,
      query: { search: res.json.reference },
    });
    expect(leads.json.content, leads.body).toHaveLength(1);
    const lead = await app.t.call('GET', `/api/consulting/admin/${leads.json.content[0].leadId}`, {
      token: app.t.adminToken,
    });
    expect(lead.json.message).toContain('550 triệu');
    const said = (lead.json.transcript as ChatMessage[]).map((m) => m.content).join('\n');
    expect(said).toContain(`Khách đề nghị mua xe`);
    expect(said).toContain(`/cars/${cx5}`);
  });

  it('reads a bare number as millions next to the car’s price: «bớt còn 650 được không»', async () => {
    const { answers } = await fromCarPage(cx5, 'bớt còn 650 được không');
    expect(carLinks(answers[1])).toEqual([cx5]);
    expect(answers[1]).toContain('650 triệu');
    expect(answers[1].split(CHAT_PERSON_OFFER)).toHaveLength(2);
  });

  it('still searches when no car is in hand: «trả 550 triệu mua được xe gì»', async () => {
    const { answers } = await app.talk('trả 550 triệu mua được xe gì');
    expect(carLinks(answers[0]).length).toBeGreaterThanOrEqual(3);
  });
});

describe('a car on hold', () => {
  it('names the Outlander as held, with when it may come back, similar cars and the alert', async () => {
    const { answers } = await app.talk('còn xe Mitsubishi Outlander không em?');
    const answer = answers[0];
    expect(answer).toContain('đang có khách đặt cọc');
    expect(answer).toContain(`/cars/${app.extra.outlander}`);
    expect(answer).toContain(formatDateTime(outlanderHeldUntil));
    expect(answer).not.toMatch(/chưa có xe nào/);
    // Similar cars on sale, and the way to hear when one comes in.
    const others = carsOf(app, answer).filter((c) => c.id !== app.extra.outlander);
    expect(others.length, answer).toBeGreaterThanOrEqual(2);
    for (const c of others) expect(c.status).toBe('available');
    expect(answer).toContain('Nhận thông báo xe mới');
    expect(answer).toContain('/cars?brand=Mitsubishi');
  });

  it('«xe đó đang có người đặt cọc chưa?» answers for that car', async () => {
    const held = await fromCarPage(app.extra.outlander, 'xe đó đang có người đặt cọc chưa?');
    expect(held.answers[1]).toContain('đang có khách đặt cọc');
    expect(held.answers[1]).toContain(formatDateTime(outlanderHeldUntil));
    expect(carLinks(held.answers[1])[0]).toBe(app.extra.outlander);

    const free = await fromCarPage(app.extra.pajero2021, 'xe này có ai đặt cọc chưa em');
    expect(free.answers[1]).toContain('chưa có khách nào đặt cọc');
    expect(free.answers[1]).toContain('Đặt cọc giữ xe');
    expect(carLinks(free.answers[1])[0]).toBe(app.extra.pajero2021);
  });
});

describe('the maker’s warranty', () => {
  it('«còn bảo hành hãng không?» on a 2022 Toyota gives the maker’s usual terms, to be checked, and the showroom’s', async () => {
    const vios = app.idOf('Toyota Vios 1.5G CVT', 2022);
    const { answers } = await fromCarPage(vios, 'còn bảo hành hãng không?');
    const answer = answers[1];
    expect(answer).toContain('Toyota');
    expect(answer).toContain('3 năm hoặc 100.000 km');
    expect(answer).toContain('thông thường');
    expect(answer).toContain('cần kiểm tra lại với hãng');
    expect(answer).toContain('đời 2022');
    expect(answer).toContain('21.000 km');
    expect(answer).toContain(DEFAULT_SHOWROOM_POLICIES.warranty);
    expect(carLinks(answer)).toEqual([vios]);
  });

  it('says it does not know a maker’s terms rather than guess', async () => {
    const peugeot = app.idOf('Peugeot 3008 AL');
    const { answers } = await fromCarPage(peugeot, 'xe này còn bảo hành chính hãng không');
    expect(answers[1]).toContain('chưa có thông tin bảo hành thông thường của Peugeot');
    expect(answers[1]).toContain('cần kiểm tra lại với hãng');
    expect(answers[1]).toContain(DEFAULT_SHOWROOM_POLICIES.warranty);
  });

  it('keeps «bảo hành» alone the showroom’s warranty', async () => {
    const { answers } = await app.talk('showroom bảo hành thế nào');
    expect(answers[0]).toContain(DEFAULT_SHOWROOM_POLICIES.warranty);
    expect(answers[0]).not.toContain('bảo hành hãng');
  });
});
