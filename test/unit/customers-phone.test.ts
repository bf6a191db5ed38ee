import { describe, expect, it } from 'vitest';
import { customerCode, displayPhone, normalisePhone } from '../../src/contract/customers';

/** One number however it is typed: the key the customer record finds a person by, and ZNS's `84…` form. */
describe('phone normalisation', () => {
  it('reads 0912 345 678, +84912345678 and 84912345678 as one number', () => {
    const forms = [
      '0912 345 678',
      '+84912345678',
      '84912345678',
      '0912.345.678',
      '0912-345-678',
      ' 0912345678 ',
    ];
    expect(new Set(forms.map(normalisePhone))).toEqual(new Set(['84912345678']));
  });

  it('keeps the other mobile prefixes (03, 05, 07, 08, 09)', () => {
    expect(normalisePhone('0356 789 012')).toBe('84356789012');
    expect(normalisePhone('+84 586 123 456')).toBe('84586123456');
    expect(normalisePhone('0777123456')).toBe('84777123456');
    expect(normalisePhone('0888123456')).toBe('84888123456');
  });

  it('refuses what is not a Vietnamese mobile number', () => {
    for (const bad of [
      '',
      '   ',
      '12345',
      '0212345678',
      '091234567',
      '09123456789',
      '+1 415 555 0100',
      'abc',
      null,
      undefined,
    ])
      expect(normalisePhone(bad as string | null | undefined), String(bad)).toBeNull();
  });

  it('shows the stored form as staff dial it, and codes a record', () => {
    expect(displayPhone('84912345678')).toBe('0912 345 678');
    expect(displayPhone(null)).toBe('');
    expect(customerCode(42)).toBe('KH-000042');
  });
});
