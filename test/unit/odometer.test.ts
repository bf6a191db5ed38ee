import { describe, expect, it } from 'vitest';
import {
  conflictingReading,
  findRollback,
  type OdometerReading,
  rollbackMessage,
  rollbackWarning,
} from '../../src/contract/odometer';

const r = (readOn: string, km: number, source: OdometerReading['source'] = 'service'): OdometerReading => ({
  source,
  readOn,
  km,
});

describe('odometer order', () => {
  it('finds no rollback in a history that only goes up, in any input order', () => {
    expect(
      findRollback([r('2024-05-01', 30_000), r('2022-01-10', 10_000), r('2023-03-02', 21_000)]),
    ).toBeNull();
    expect(findRollback([])).toBeNull();
  });

  it('treats readings of the same day as unordered', () => {
    expect(findRollback([r('2024-05-01', 30_100), r('2024-05-01', 30_000)])).toBeNull();
    expect(conflictingReading([r('2024-05-01', 30_100)], r('2024-05-01', 30_000))).toBeNull();
  });

  it('names the first lower reading and the highest earlier one', () => {
    const found = findRollback([
      r('2021-01-01', 10_000),
      r('2022-01-01', 42_000, 'import'),
      r('2023-01-01', 45_000),
      r('2024-01-01', 31_000, 'import'),
    ]);
    expect(found).toEqual({ earlier: r('2023-01-01', 45_000), later: r('2024-01-01', 31_000, 'import') });
  });

  it('refuses a reading lower than an earlier one or higher than a later one', () => {
    const history = [r('2023-01-01', 20_000), r('2024-01-01', 40_000, 'inspection')];
    expect(conflictingReading(history, r('2023-06-01', 30_000))).toBeNull();
    expect(conflictingReading(history, r('2023-06-01', 19_000))).toEqual(history[0]);
    expect(conflictingReading(history, r('2023-06-01', 41_000))).toEqual(history[1]);
    expect(conflictingReading(history, r('2025-01-01', 39_999))).toEqual(history[1]);
  });

  it('explains a refusal and a flag in Vietnamese with dates and km', () => {
    expect(rollbackMessage(r('2023-06-01', 19_000), r('2023-01-01', 20_000))).toBe(
      'Số km 19.000 km ngày 01/06/2023 thấp hơn số km đã ghi trước đó: 20.000 km ngày 01/01/2023 (sổ bảo dưỡng). Đồng hồ km không thể lùi.',
    );
    expect(rollbackMessage(r('2023-06-01', 41_000), r('2024-01-01', 40_000, 'inspection'))).toContain(
      'cao hơn số km ghi sau đó: 40.000 km ngày 01/01/2024 (báo cáo kiểm định)',
    );
    expect(
      rollbackWarning({ earlier: r('2023-01-01', 45_000), later: r('2024-01-01', 31_000, 'import') }),
    ).toBe(
      'Lịch sử km bị lùi: 31.000 km ngày 01/01/2024 (lịch sử nhập từ nguồn ngoài) thấp hơn 45.000 km ngày 01/01/2023 (sổ bảo dưỡng)',
    );
  });
});
