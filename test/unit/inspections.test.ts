import { describe, expect, it } from 'vitest';
import { type DeriveItem, deriveInspection, summaryLine } from '../../src/contract/inspections';
import { filtersFromSearch } from '../../src/contract/query/filters';

const template: DeriveItem[] = [
  { itemId: 1, pledges: ['NO_CRASH'] },
  { itemId: 2, pledges: ['NO_CRASH', 'NO_FLOOD'] },
  { itemId: 3, pledges: ['NO_FLOOD'] },
  { itemId: 4, pledges: ['NO_ODO_ROLLBACK'] },
  { itemId: 5, pledges: [] },
  { itemId: 6, pledges: ['NO_CRASH'], retired: true },
];
const all = (r: 'PASS' | 'FIXED' | 'ATTENTION' | 'NA' | null, over: Record<number, typeof r> = {}) => ({
  inspectedAt: '2026-11-10',
  results: [1, 2, 3, 4, 5].map((itemId) => ({ itemId, result: itemId in over ? over[itemId] : r })),
});

describe('deriveInspection', () => {
  it('holds every pledge when every item behind it is Đạt or Đã khắc phục', () => {
    const s = deriveInspection(all('PASS', { 2: 'FIXED' }), template);
    expect(s).toEqual({
      total: 5,
      passed: 4,
      fixed: 1,
      attention: 0,
      na: 0,
      pledges: ['NO_CRASH', 'NO_FLOOD', 'NO_ODO_ROLLBACK'],
      inspectedAt: '2026-11-10',
    });
  });

  it('drops a pledge for ATTENTION, NA or a missing result behind it, and only that pledge', () => {
    expect(deriveInspection(all('PASS', { 1: 'ATTENTION' }), template).pledges).toEqual([
      'NO_FLOOD',
      'NO_ODO_ROLLBACK',
    ]);
    expect(deriveInspection(all('PASS', { 3: 'NA' }), template).pledges).toEqual([
      'NO_CRASH',
      'NO_ODO_ROLLBACK',
    ]);
    expect(deriveInspection(all('PASS', { 4: null }), template).pledges).toEqual(['NO_CRASH', 'NO_FLOOD']);
    // An item behind two pledges breaks both.
    expect(deriveInspection(all('PASS', { 2: 'ATTENTION' }), template).pledges).toEqual(['NO_ODO_ROLLBACK']);
    // An item behind no pledge breaks none.
    expect(deriveInspection(all('PASS', { 5: 'ATTENTION' }), template).pledges).toHaveLength(3);
  });

  it('breaks "Không tua ODO" when the odometer history goes backwards, whatever the items say', () => {
    expect(deriveInspection(all('PASS'), template, false).pledges).toEqual(['NO_CRASH', 'NO_FLOOD']);
  });

  it('judges a retired item only when the report has a result for it', () => {
    const withOld = all('PASS');
    withOld.results.push({ itemId: 6, result: 'ATTENTION' });
    const s = deriveInspection(withOld, template);
    expect(s.total).toBe(6);
    expect(s.pledges).not.toContain('NO_CRASH');
  });

  it('holds no pledge without any item behind it', () => {
    expect(deriveInspection(all('PASS'), [{ itemId: 5, pledges: [] }]).pledges).toEqual([]);
  });

  it('reads as buyers do: "176/176 hạng mục đạt · 3 đã khắc phục"', () => {
    const line = summaryLine({
      total: 176,
      passed: 173,
      fixed: 3,
      attention: 0,
      na: 0,
      pledges: [],
      inspectedAt: '2026-11-10',
    });
    expect(line).toBe('176/176 hạng mục đạt · 3 đã khắc phục');
  });
});

describe('typed search: "Đã kiểm định" and "1 chủ"', () => {
  it('reads both toggles and keeps the rest of the search', () => {
    expect(filtersFromSearch('xe một chủ đã kiểm định dưới 700 triệu')).toMatchObject({
      inspected: true,
      oneOwner: true,
      maxPrice: 700_000_000,
    });
    expect(filtersFromSearch('CX-5 1 chủ')).toMatchObject({ oneOwner: true });
    expect(filtersFromSearch('xe 7 chỗ').oneOwner).toBeUndefined();
  });
});
