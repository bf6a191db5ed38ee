import { describe, expect, it } from 'vitest';
import { findProvince, instalment, loanRatioSteps, PROVINCES, termSteps } from '../../src/contract/car-costs';
import { DEFAULT_CAR_CALCULATIONS as S } from '../../src/contract/web-config';

describe('provinces', () => {
  it('lists the 34 province-level units with their plate-fee area', () => {
    expect(PROVINCES).toHaveLength(34);
    expect(new Set(PROVINCES.map((p) => p.code)).size).toBe(34);
    expect(findProvince('HN')?.area).toBe('hanoi');
    expect(findProvince('HCM')?.area).toBe('hcm');
    expect(PROVINCES.filter((p) => p.area === 'city').map((p) => p.name)).toEqual([
      'Hải Phòng',
      'Đà Nẵng',
      'Cần Thơ',
      'Huế',
    ]);
    expect(findProvince('QN')).toEqual({ code: 'QN', name: 'Quảng Ninh', area: 'other' });
  });
});

describe('instalment on a declining balance', () => {
  it('computes the first payment, the monthly principal and the total interest', () => {
    const r = instalment(S, { price: 1_000_000_000, loanRatio: 0.7, termMonths: 60 });
    expect(r.loanAmount).toBe(700_000_000);
    expect(r.downPayment).toBe(300_000_000);
    expect(r.monthlyPrincipal).toBe(11_666_666);
    expect(r.firstMonthInterest).toBe(5_250_000);
    expect(r.firstMonthPayment).toBe(16_916_666);
    // 700M × 0.75% × (60 + 1) / 2, give or take the rounding of each month.
    expect(Math.abs(r.totalInterest - 160_125_000)).toBeLessThan(60);
    expect(r.totalPayment).toBe(700_000_000 + r.totalInterest);
    expect(r.months).toHaveLength(60);
    expect(r.months.reduce((s, m) => s + m.principal, 0)).toBe(700_000_000);
    expect(r.months[59].balance).toBe(0);
    expect(r.lastMonthPayment).toBeLessThan(r.firstMonthPayment);
    for (let i = 1; i < 59; i++) expect(r.months[i].payment).toBeLessThanOrEqual(r.months[i - 1].payment);
    expect(r.years).toHaveLength(5);
    expect(r.years.reduce((s, y) => s + y.interest, 0)).toBe(r.totalInterest);
    expect(r.years[4].balance).toBe(0);
  });

  it('clamps the loan share and term to the settings and handles a short last year', () => {
    const r = instalment(S, { price: 500_000_000, loanRatio: 0.95, termMonths: 500 });
    expect(r.loanRatio).toBe(0.7);
    expect(r.termMonths).toBe(96);
    const short = instalment(S, { price: 500_000_000, loanRatio: 0.5, termMonths: 18, annualRate: 0.12 });
    expect(short.years.map((y) => y.principal)).toEqual([
      short.monthlyPrincipal * 12,
      250_000_000 - short.monthlyPrincipal * 12,
    ]);
    expect(short.firstMonthInterest).toBe(2_500_000);
  });

  it('a zero loan or a zero rate costs no interest', () => {
    expect(instalment(S, { price: 500_000_000, loanRatio: 0, termMonths: 12 }).totalPayment).toBe(0);
    const free = instalment(S, { price: 600_000_000, loanRatio: 0.5, termMonths: 12, annualRate: 0 });
    expect(free.totalInterest).toBe(0);
    expect(free.firstMonthPayment).toBe(25_000_000);
  });

  it('offers slider steps within the settings', () => {
    expect(loanRatioSteps(S)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
    expect(termSteps(S)).toEqual([12, 24, 36, 48, 60, 72, 84, 96]);
    expect(termSteps({ ...S, maxTermMonths: 30 })).toEqual([12, 24, 30]);
  });
});
