import { describe, expect, it } from 'vitest';
import { pendingHint } from '../../src/web/features/dashboard/components/overview-format';

// The "Xe đang giao dịch" card says what it counts: a deposit received is not a hold still unpaid.
describe('the pending card hint', () => {
  it('names each kind of hold it counts, and only those there are', () => {
    expect(pendingHint({ paidDeposit: 2, awaitingPayment: 1, heldByStaff: 1 })).toBe(
      '2 đã nhận cọc · 1 chờ khách chuyển cọc · 1 do nhân viên giữ',
    );
    expect(pendingHint({ paidDeposit: 0, awaitingPayment: 3, heldByStaff: 0 })).toBe(
      '3 chờ khách chuyển cọc',
    );
    expect(pendingHint({ paidDeposit: 0, awaitingPayment: 0, heldByStaff: 1200 })).toBe(
      '1.200 do nhân viên giữ',
    );
    expect(pendingHint({ paidDeposit: 0, awaitingPayment: 0, heldByStaff: 0 })).toBe(
      'Không có xe nào đang được giữ',
    );
  });
});
