import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carAdviceMessage, carLinks } from '../../src/contract/chat';
import { offersPerson } from '../../src/contract/chat-handoff';
import { formatPrice } from '../../src/contract/format';
import { parseMessage } from '../../src/contract/query';
import { TYPICAL_KM_PER_YEAR } from '../../src/server/modules/chatbot/advisor/selling';
import { seedDemoMarketPrices } from '../../src/server/modules/market-prices/demo';
import { type AdvisorApp, advisorApp } from './conversation-app';

/**
 * Sellers and trade-ins are not buyers: "em muốn bán xe …, showroom mua lại bao nhiêu?" gets the
 * valuation engine's range for the car named (asking for what is missing) and the way to /sell-car;
 * "đổi xe cũ" gets the same and the trade-in on a car's page. Through the real API, with the demo
 * market price list imported so the engine has prices.
 */

let app: AdvisorApp;
beforeAll(async () => {
  app = await advisorApp({ VALUATION_RATE_LIMIT: '1000' });
  await seedDemoMarketPrices(app.t.ctx, app.t.services);
}, 180_000);
afterAll(() => app?.t.close());

const thisYear = new Date().getFullYear();

async function engine(q: { brand: string; model: string; year: number; odo: number }) {
  return app.t.services.valuations.value(q);
}

describe('a seller', () => {
  it('«em muốn bán xe Kia Morning 2015 của em, showroom mua lại bao nhiêu?» gets the engine’s range and /sell-car', async () => {
    const { answers } = await app.talk('em muốn bán xe Kia Morning 2015 của em, showroom mua lại bao nhiêu?');
    const answer = answers[0];
    // Not cars for sale.
    expect(carLinks(answer), answer).toEqual([]);
    // No km given: valued at the usual mileage for its age, which the answer states, and asks for.
    const odo = (thisYear - 2015) * TYPICAL_KM_PER_YEAR;
    const v = await engine({ brand: 'Kia', model: 'Morning', year: 2015, odo });
    expect(answer).toContain(`từ ${formatPrice(v.low)} đến ${formatPrice(v.high)}`);
    expect(answer).toContain('giá tham khảo');
    expect(answer).toContain('số km');
    expect(answer).toContain('/sell-car');
  });

  it('values at the km the seller gives, and asks for the year when it is missing', async () => {
    const { answers } = await app.talk('mình cần bán xe Kia Morning', 'xe đời 2016, đi 90.000 km');
    expect(answers[0]).toContain('đời năm mấy');
    expect(answers[0]).toContain('/sell-car');
    const v = await engine({ brand: 'Kia', model: 'Morning', year: 2016, odo: 90_000 });
    expect(answers[1], answers[1]).toContain(`từ ${formatPrice(v.low)} đến ${formatPrice(v.high)}`);
    expect(answers[1]).not.toContain('giả định');
    expect(carLinks(answers[1])).toEqual([]);
  });

  it('offers a person’s valuation when the engine cannot value the car', async () => {
    const { answers } = await app.talk('tôi muốn bán xe Daewoo Matiz 2008 đi 120.000 km');
    // The engine's own refusal (a 422 that offers a person's valuation), in its words.
    const refusal = await engine({ brand: 'Daewoo', model: 'Matiz', year: 2008, odo: 120_000 }).then(
      () => null,
      (err: Error & { status?: number }) => err,
    );
    expect(refusal?.status).toBe(422);
    expect(answers[0]).toContain(refusal?.message);
    expect(answers[0]).toContain('/sell-car');
    expect(offersPerson(answers[0]), answers[0]).toBe(true);
  });
});

describe('a trade-in', () => {
  it('«showroom có nhận đổi xe cũ không? xe anh Vios 2019» explains the trade-in with the engine’s range', async () => {
    const { answers } = await app.talk('showroom có nhận đổi xe cũ không? xe anh Vios 2019');
    const answer = answers[0];
    expect(carLinks(answer), answer).toEqual([]);
    const v = await engine({
      brand: 'Toyota',
      model: 'Vios',
      year: 2019,
      odo: (thisYear - 2019) * TYPICAL_KM_PER_YEAR,
    });
    expect(answer).toContain(`từ ${formatPrice(v.low)} đến ${formatPrice(v.high)}`);
    expect(answer).toContain('Đổi xe cũ lấy xe này');
    expect(answer).toContain('/sell-car');
  });

  it('on a car’s page, reckons what the buyer would add for that car', async () => {
    const cx8 = app.idOf('Mazda CX-8 2.5 Premium');
    const car = app.world.cars.get(cx8);
    if (!car) throw new Error('fixture');
    const { answers } = await app.talk(
      carAdviceMessage(car),
      'anh muốn đổi xe cũ lấy xe này, xe anh Vios 2019 đi 80.000 km',
    );
    const answer = answers[1];
    const v = await engine({ brand: 'Toyota', model: 'Vios', year: 2019, odo: 80_000 });
    expect(answer).toContain(`/cars/${cx8}`);
    expect(answer).toContain(`cần thêm khoảng ${formatPrice(car.sellPrice - v.estimate)}`);
    expect(answer).toContain(`/cars/${cx8}`);
  });

  it('reads selling and trading in, and the seller’s car, in the parser', () => {
    expect(parseMessage('em muốn bán xe Kia Morning 2015 của em').sell).toBe('sell');
    expect(parseMessage('showroom có thu mua xe cũ không').sell).toBe('sell');
    expect(parseMessage('có nhận đổi xe cũ không').sell).toBe('tradeIn');
    expect(parseMessage('thu cũ đổi mới được không').sell).toBe('tradeIn');
    // A buyer is not a seller.
    expect(parseMessage('showroom bán xe Kia Morning 2015 giá bao nhiêu').sell).toBeNull();
    expect(parseMessage('xe nào bán chạy nhất').sell).toBeNull();
  });
});
