import { describe, expect, it } from 'vitest';
import { vndInWords } from '../../src/contract/amount-words';

describe('amounts in Vietnamese words', () => {
  it.each([
    [0, 'Không đồng'],
    [5, 'Năm đồng'],
    [10, 'Mười đồng'],
    [15, 'Mười lăm đồng'],
    [21, 'Hai mươi mốt đồng'],
    [24, 'Hai mươi bốn đồng'],
    [101, 'Một trăm linh một đồng'],
    [110_000, 'Một trăm mười nghìn đồng chẵn'],
    [1_000_005, 'Một triệu không trăm linh năm đồng'],
    [1_015_000, 'Một triệu không trăm mười lăm nghìn đồng chẵn'],
    [10_000_000, 'Mười triệu đồng chẵn'],
    [580_000_000, 'Năm trăm tám mươi triệu đồng chẵn'],
    [1_250_000_000, 'Một tỷ hai trăm năm mươi triệu đồng chẵn'],
    [2_005_000_000, 'Hai tỷ không trăm linh năm triệu đồng chẵn'],
    [15_000_000_001, 'Mười lăm tỷ không trăm linh một đồng'],
  ])('%i -> %s', (n, words) => {
    expect(vndInWords(n)).toBe(words);
  });

  it('reads a refund (a negative amount) by its size', () => {
    expect(vndInWords(-5_000_000)).toBe('Năm triệu đồng chẵn');
  });
});
