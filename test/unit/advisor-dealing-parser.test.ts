import { describe, expect, it } from 'vitest';
import { parseMessage, type WishKind } from '../../src/contract/query';

/**
 * The parser's readings of a change of mind, a seller, an offer, a question about a hold and the
 * maker's warranty (the conversations themselves are in test/advisor/*.test.ts, through the API).
 */

const NOW = new Date('2026-11-21T09:00:00+07:00');
const p = (text: string) => parseMessage(text, NOW);

describe('a change of mind', () => {
  const DROPS: [string, WishKind[]][] = [
    ['thôi bỏ điều kiện máy dầu đi', ['fuels']],
    ['thoi bo dieu kien may dau di', ['fuels']],
    ['bỏ máy dầu, lấy máy xăng', ['fuels']],
    ['không cần 7 chỗ nữa', ['seats']],
    ['ko can doi 2021 nua', ['year']],
    ['khỏi cần màu đen', ['colours']],
    ['bỏ điều kiện giá đi', ['budget']],
    ['màu gì cũng được', ['colours']],
    ['đời nào cũng được, hãng nào cũng được', ['year', 'brands']],
    ['không cần Mazda nữa', ['brands']],
    ['bỏ qua yêu cầu số km', ['odo']],
  ];
  for (const [text, kinds] of DROPS)
    it(`«${text}» gives up ${kinds.join(', ')}`, () => expect(p(text).drop).toEqual(kinds));

  it('keeps what is asked beside what is given up', () => {
    expect(p('bỏ máy dầu, lấy máy xăng').constraints.fuels).toEqual(['PETROL']);
    expect(p('thôi bỏ điều kiện máy dầu đi').constraints).toEqual({});
  });

  it('gives up nothing when no wish follows «không cần» or «bỏ»', () => {
    for (const text of [
      'không cần trả trước',
      'xe cho bố đi 7 chỗ',
      'bo me toi can xe 7 cho',
      'không cần gấp đâu',
    ])
      expect(p(text).drop, text).toEqual([]);
    expect(p('không cần trả trước').instalment).not.toBeNull();
  });

  it('starts over on «đổi ý», «tìm lại từ đầu», «bỏ hết điều kiện»', () => {
    for (const text of [
      'à thôi anh đổi ý',
      'tim lai tu dau giup em',
      'bỏ hết điều kiện đi',
      'thay đổi ý định rồi',
    ])
      expect(p(text).restart, text).toBe(true);
    expect(p('thôi lấy màu trắng').restart).toBe(false);
  });
});

describe('a seller, an offer, a hold, the maker’s warranty', () => {
  it('reads a seller and a trade-in, and not a buyer or "bạn"', () => {
    expect(p('mình cần bán xe Kia Morning').sell).toBe('sell');
    expect(p('showroom mua lại xe cũ không').sell).toBe('sell');
    expect(p('định giá xe giúp em').sell).toBe('sell');
    expect(p('thu cũ đổi mới được không').sell).toBe('tradeIn');
    expect(p('anh muốn đổi xe cũ lấy xe này').sell).toBe('tradeIn');
    expect(p('showroom có mua xe cũ không?').sell).toBe('sell');
    for (const text of [
      'muốn bạn tư vấn xe 7 chỗ',
      'xe bán chạy nhất',
      'showroom bán xe gì',
      'tôi muốn mua xe cũ không quá 500 triệu',
      'showroom định giá xe này thế nào',
    ])
      expect(p(text).sell, text).toBeNull();
  });

  it('reads the seller’s year even before a comma', () => {
    expect(p('xe đời 2016, đi 90.000 km').constraints).toMatchObject({
      yearMin: 2016,
      yearMax: 2016,
      odoMax: 90_000,
    });
  });

  it('reads offers, bare numbers in millions, and not payments or budgets', () => {
    expect(p('anh trả 550 triệu được không em').offer).toBe(550_000_000);
    expect(p('bớt còn 650 được không').offer).toBe(650_000_000);
    expect(p('chốt 1 tỷ 2 nhé').offer).toBe(1_200_000_000);
    expect(p('700 triệu bán không').offer).toBe(700_000_000);
    for (const text of [
      'mỗi tháng trả 10 triệu được không',
      'trả trước 300 triệu được không',
      'có xe nào dưới 1 tỷ được không',
      'xe 7 chỗ tầm 600 triệu',
    ])
      expect(p(text).offer, text).toBeNull();
  });

  it('reads a question about a hold, and the maker’s warranty apart from the showroom’s', () => {
    expect(p('xe đó đang có người đặt cọc chưa?').holdAsked).toBe(true);
    expect(p('xe này có ai cọc chưa em').holdAsked).toBe(true);
    expect(p('xe này còn không').holdAsked).toBe(true);
    expect(p('còn màu đen không').holdAsked).toBe(false);
    expect(p('còn bảo hành hãng không?').factoryWarranty).toBe(true);
    expect(p('xe này còn bảo hành chính hãng không').factoryWarranty).toBe(true);
    expect(p('showroom bảo hành thế nào').factoryWarranty).toBe(false);
  });
});
