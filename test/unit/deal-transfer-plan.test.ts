import { describe, expect, it } from 'vitest';
import { DEFAULT_TRANSFER_STEP_DAYS } from '../../src/contract/deal-labels';
import { transferPlan } from '../../src/server/modules/deals/after-sale';

describe('the transfer steps’ due days and late flags', () => {
  it('counts the first from the handover and each next from the day the previous was done', () => {
    const plan = transferPlan(
      '2026-11-01',
      [{ step: 'withdraw', doneOn: '2026-11-05', ownerId: 1 }],
      DEFAULT_TRANSFER_STEP_DAYS,
      '2026-11-20',
    );
    expect(plan.map((s) => [s.step, s.dueOn, s.doneOn, s.late])).toEqual([
      ['withdraw', '2026-11-08', '2026-11-05', false],
      ['submit', '2026-11-10', null, true],
      ['receive', null, null, false],
      ['deliver', null, null, false],
    ]);
  });

  it('has no clock before the handover', () => {
    expect(
      transferPlan(null, [], DEFAULT_TRANSFER_STEP_DAYS, '2026-11-20').every((s) => s.dueOn === null),
    ).toBe(true);
  });
});
