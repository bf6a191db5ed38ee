import { describe, expect, it } from 'vitest';
import { baseUsername, nextFreeUsername } from '../../src/server/modules/users/username';

describe('baseUsername: given name plus initials, folded', () => {
  it.each([
    ['Nguyễn Văn An', 'annv'],
    ['Đặng Thị Ánh', 'anhdt'],
    ['Trần Thị Bích', 'bichtt'],
    ['Lê Hoàng Dũng', 'dunglh'],
    ['Phạm Thu Hà', 'hapt'],
    ['Đỗ Đức Đạt', 'datdd'],
    ['Đinh Đông', 'dongd'],
    ['Bùi Thị Thu Hương', 'huongbtt'], // double given name: the last word is the given name
    ['Nguyễn Ngọc Bảo Trâm', 'tramnnb'],
    ['Tôn Nữ Thị Ngọc Ánh', 'anhtntn'],
    ['Võ Ưng', 'ungv'],
    ['Hồ Quỳnh Hương', 'huonghq'],
    ['Lương Thế Vinh', 'vinhlt'],
    ['Dương Quá', 'quad'],
    ['Châu', 'chau'], // one word: the given name alone
    ['  nguyễn    văn   an  ', 'annv'], // extra spaces
    ['NGUYỄN VĂN AN', 'annv'],
    ['Nguyễn-Văn An', 'annv'],
    ['Ngô Thị Thủy', 'thuynt'],
    ['Ðoàn Văn Ðức', 'ducdv'], // Ð (U+00D0), typed for Đ by some keyboards
    ['Nguyễn Văn Anh', 'anhnv'],
  ])('%s -> %s', (name, base) => {
    expect(baseUsername(name)).toBe(base);
  });

  it('answers nothing for a name without letters', () => {
    expect(baseUsername('')).toBe('');
    expect(baseUsername('   ')).toBe('');
    expect(baseUsername('123 !!')).toBe('');
  });

  it('keeps room for a number within 40 characters', () => {
    const long = baseUsername(`Nguyễn ${'Văn '.repeat(10)}${'a'.repeat(50)}`);
    expect(long.length).toBeLessThanOrEqual(36);
    expect(nextFreeUsername(long, [long]).length).toBeLessThanOrEqual(40);
  });
});

describe('nextFreeUsername', () => {
  it('numbers collisions: annv, annv1, annv2', () => {
    expect(nextFreeUsername('annv', [])).toBe('annv');
    expect(nextFreeUsername('annv', ['annv'])).toBe('annv1');
    expect(nextFreeUsername('annv', ['annv', 'annv1'])).toBe('annv2');
    expect(nextFreeUsername('annv', ['annv', 'annv2'])).toBe('annv1'); // fills the gap
    expect(nextFreeUsername('annv', ['annvx', 'annv10'])).toBe('annv');
  });

  it('keeps a short base at three characters or more', () => {
    expect(nextFreeUsername('an', [])).toBe('an1');
    expect(nextFreeUsername('an', ['an1'])).toBe('an2');
    expect(nextFreeUsername('y', [])).toBe('y01');
    for (const name of [nextFreeUsername('an', []), nextFreeUsername('y', ['y01'])]) {
      expect(name).toMatch(/^[a-z0-9._]{3,40}$/);
    }
  });
});
