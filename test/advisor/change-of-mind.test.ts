import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/contract/query';
import { type AdvisorApp, advisorApp, carsOf, keptNote } from './conversation-app';

/**
 * A buyer changes their mind: "bỏ / không cần / thôi / đổi ý" drop the conditions named or start over,
 * a new wish that contradicts an old one replaces it, and what an answer says it kept is exactly what its
 * list applied. Conversations through the real API against the fixture showroom.
 */

let app: AdvisorApp;
beforeAll(async () => {
  app = await advisorApp();
}, 120_000);
afterAll(() => app?.t.close());

const isBlack = (colour: string) => /^đen/i.test(colour);

describe('dropping a condition', () => {
  it('«thôi bỏ điều kiện máy dầu đi» drops diesel and keeps the rest, saying exactly what it kept', async () => {
    const { answers } = await app.talk(
      'tôi muốn mua xe 7 chỗ máy dầu dưới 1 tỷ, đời 2021 trở lên',
      'còn màu đen không',
      'thôi bỏ điều kiện máy dầu đi',
    );
    const [first, black, dropped] = answers;
    expect(carsOf(app, first).map((c) => c.id)).toEqual(
      expect.arrayContaining([app.extra.fortuner2021, app.extra.pajero2021]),
    );
    for (const c of carsOf(app, first)) expect(c.fuel, first).toBe('DIESEL');

    expect(keptNote(black), black).toBe('từ 7 chỗ, máy dầu, đời 2021 trở lên, giá không quá 1 tỷ');
    expect(carsOf(app, black).map((c) => c.id)).toEqual([app.extra.fortuner2021]);

    // Diesel is gone, black stays with the other wishes, and the list holds petrol cars too.
    expect(dropped, dropped).toContain('Mình đã bỏ điều kiện máy dầu');
    expect(keptNote(dropped), dropped).toBe('từ 7 chỗ, đời 2021 trở lên, màu đen, giá không quá 1 tỷ');
    const cars = carsOf(app, dropped);
    expect(cars.length, dropped).toBeGreaterThanOrEqual(2);
    expect(
      cars.some((c) => c.fuel !== 'DIESEL'),
      dropped,
    ).toBe(true);
    for (const c of cars) {
      expect(c.size, dropped).toBeGreaterThanOrEqual(7);
      expect(c.year, dropped).toBeGreaterThanOrEqual(2021);
      expect(c.sellPrice, dropped).toBeLessThanOrEqual(1_000_000_000);
      expect(isBlack(c.exteriorColor), dropped).toBe(true);
    }
  });

  it('«không cần đời 2021 nữa» and «màu gì cũng được» drop those conditions too', async () => {
    const { answers } = await app.talk(
      'xe 7 chỗ máy dầu đời 2021 trở lên màu đen',
      'không cần đời 2021 nữa',
      'màu gì cũng được',
    );
    const [, noYear, anyColour] = answers;
    expect(keptNote(noYear), noYear).toBe('từ 7 chỗ, máy dầu, màu đen');
    expect(
      carsOf(app, noYear).some((c) => c.year < 2021),
      noYear,
    ).toBe(true);
    expect(keptNote(anyColour), anyColour).toBe('từ 7 chỗ, máy dầu');
    expect(
      carsOf(app, anyColour).some((c) => !isBlack(c.exteriorColor)),
      anyColour,
    ).toBe(true);
    for (const c of carsOf(app, anyColour)) expect(c.fuel).toBe('DIESEL');
  });

  it('reads the drop in the parser, and never as a wish for what is dropped', () => {
    const p = parseMessage('thôi bỏ điều kiện máy dầu đi');
    expect(p.drop).toEqual(['fuels']);
    expect(p.constraints.fuels).toBeUndefined();
    expect(parseMessage('không cần 7 chỗ nữa, 5 chỗ cũng được').drop).toEqual(['seats']);
    expect(parseMessage('không cần 7 chỗ nữa, 5 chỗ cũng được').constraints).toMatchObject({
      seatsMin: 5,
      seatsMax: 5,
    });
    expect(parseMessage('bo dieu kien gia di').drop).toEqual(['budget']);
    // "bố" is not "bỏ": a father's car keeps its seats.
    expect(parseMessage('xe cho bố đi 7 chỗ').drop).toEqual([]);
    expect(parseMessage('xe cho bố đi 7 chỗ').constraints.seatsMin).toBe(7);
  });
});

describe('changing one’s mind altogether', () => {
  it('«à thôi anh đổi ý, anh muốn xe điện VinFast cho vợ đi phố thôi» starts over', async () => {
    const { answers } = await app.talk(
      'xe 7 chỗ khoảng 600 triệu',
      'à thôi anh đổi ý, anh muốn xe điện VinFast cho vợ đi phố thôi',
    );
    const answer = answers[1];
    expect(keptNote(answer), answer).toBeNull();
    expect(answer).toContain('Mình bỏ các điều kiện trước (từ 7 chỗ, giá khoảng 600 triệu)');
    expect(answer).not.toContain('người mới lái');
    const cars = carsOf(app, answer);
    expect(cars.length, answer).toBeGreaterThanOrEqual(2);
    for (const c of cars) {
      expect(c.brand, answer).toBe('VinFast');
      expect(c.fuel, answer).toBe('ELECTRIC');
    }
  });

  it('a new wish that contradicts an old one replaces it: seven seats after five, 2021 after 2019', async () => {
    const seats = await app.talk('xe 5 chỗ dưới 1 tỷ', 'có xe 7 chỗ không');
    const sevens = carsOf(app, seats.answers[1]);
    expect(sevens.length, seats.answers[1]).toBeGreaterThanOrEqual(2);
    for (const c of sevens) {
      expect(c.size, seats.answers[1]).toBeGreaterThanOrEqual(7);
      expect(c.sellPrice, seats.answers[1]).toBeLessThanOrEqual(1_000_000_000);
    }
    expect(keptNote(seats.answers[1])).toBe('giá không quá 1 tỷ');

    const years = await app.talk('mazda đời 2020', 'có đời 2021 trở lên không');
    const newer = carsOf(app, years.answers[1]);
    expect(newer.length, years.answers[1]).toBeGreaterThanOrEqual(2);
    for (const c of newer) {
      expect(c.brand).toBe('Mazda');
      expect(c.year).toBeGreaterThanOrEqual(2021);
    }
  });

  it('says so when a narrowed search finds nothing and the new wish alone is answered', async () => {
    const { answers } = await app.talk('xe 7 chỗ máy dầu dưới 1 tỷ', 'còn màu cam không');
    const answer = answers[1];
    const cars = carsOf(app, answer);
    expect(cars.length, answer).toBeGreaterThan(0);
    // The orange cars are not seven-seat diesels under 1 tỷ, so the answer must not claim to keep that.
    expect(keptNote(answer), answer).toBeNull();
    expect(answer).toContain('không có xe nào vừa màu cam vừa khớp điều kiện trước');
    for (const c of cars) expect(c.exteriorColor.toLowerCase()).toContain('cam');
  });
});

describe('who drives says nothing of how well they drive', () => {
  it('«xe điện cho vợ đi phố» and «xe điện cho chồng đi phố» read the same, neither as a beginner', async () => {
    const wife = parseMessage('xe điện cho vợ đi phố').constraints;
    const husband = parseMessage('xe điện cho chồng đi phố').constraints;
    expect(wife).toEqual(husband);
    expect(wife.purposes).toEqual(['city']);
    for (const q of ['hatchback nhỏ gọn cho nữ đi phố', 'xe cho phụ nữ', 'xe cho chị em đi làm'])
      expect(parseMessage(q).constraints.purposes ?? [], q).not.toContain('beginner');
    // Skill is inferred only from what is said about skill.
    expect(parseMessage('xe cho vợ mới lái').constraints.purposes).toContain('beginner');
    expect(parseMessage('chồng em mới có bằng').constraints.purposes).toContain('beginner');

    const { answers } = await app.talk('xe điện cho vợ đi phố');
    expect(answers[0]).not.toContain('người mới lái');
    expect(answers[0]).not.toContain('dễ làm quen');
  });
});
