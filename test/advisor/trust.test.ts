import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/contract/chat';
import { formatPrice } from '../../src/contract/format';
import { parseMessage } from '../../src/contract/query';
import { DEFAULT_RESERVATION_SETTINGS } from '../../src/contract/reservations';
import { DEFAULT_CAR_CALCULATIONS, DEFAULT_SHOWROOM_POLICIES } from '../../src/contract/web-config';
import { OfflineAdvisor } from '../../src/server/modules/chatbot/advisor/advisor';
import type { AdvisorCar } from '../../src/server/modules/chatbot/inventory';
import { Toolbox } from '../../src/server/modules/chatbot/providers/tools';
import { FIXTURE_SHOWROOM } from './inventory';
import { memoryInventory } from './memory-inventory';
import { checkAnswer, type World } from './properties';
import { TRUST_QUESTIONS } from './questions-trust';
import { recordsFor, recordText } from './records';

const NOW = new Date('2026-11-21T09:00:00+07:00');
const inventory = memoryInventory();
const advisor = new OfflineAdvisor(inventory, () => NOW);
const world: World = {
  cars: new Map<number, AdvisorCar>(inventory.cars.map((c) => [c.id, c])),
  configTexts: [
    FIXTURE_SHOWROOM.showroomPhone,
    FIXTURE_SHOWROOM.openingHours,
    FIXTURE_SHOWROOM.showroomAddress,
    ...Object.values(DEFAULT_SHOWROOM_POLICIES),
  ],
  calculations: DEFAULT_CAR_CALCULATIONS,
  now: NOW,
  recordTexts: [
    ...inventory.cars.map((c) => recordText(c, recordsFor(c))),
    // The deposit the settings ask (the only price the advisor may state that is not a car's).
    `Tiền cọc ${formatPrice(DEFAULT_RESERVATION_SETTINGS.depositAmount)}, 30 phút, ${DEFAULT_RESERVATION_SETTINGS.paidHoldDays} ngày`,
  ],
};

async function converse(q: string, before: string[] = []) {
  const history: ChatMessage[] = [];
  for (const message of [...before, q]) {
    history.push({ role: 'user', content: message });
    const reply = await advisor.answer(history);
    history.push({ role: 'model', content: reply.text });
    if (message === q) return { history: history.slice(0, -1), reply };
  }
  throw new Error('unreachable');
}

describe('the advisor on condition, papers, policies and changes of subject', () => {
  it('has a table of at least forty such questions', () => {
    expect(TRUST_QUESTIONS.length).toBeGreaterThanOrEqual(40);
  });

  for (const row of TRUST_QUESTIONS) {
    it(`answers «${row.q}»${row.before ? ` after «${row.before.join(' » «')}»` : ''}`, async () => {
      const parsed = parseMessage(row.q, NOW);
      if (row.trust) expect(parsed.trust).toEqual(row.trust);
      if (row.policy) expect(parsed.policy).toEqual(row.policy);
      if (row.newSubject !== undefined) expect(parsed.newSubject).toBe(row.newSubject);
      const { history, reply } = await converse(row.q, row.before);
      expect(row.kind, reply.text).toContain(reply.kind);
      const failures = checkAnswer(history, reply.text, world, {
        constraints: reply.kind === 'search' || reply.kind === 'followup',
        minCars: row.minCars,
        mentions: row.mentions,
        absent: row.absent,
      });
      expect(failures, reply.text).toEqual([]);
    });
  }
});

describe('the language model reads the same records through a tool', () => {
  it('answers car_records with the report, the pledges that hold and the papers, and remembers the car', async () => {
    const cx5 = inventory.cars.find((c) => c.carName === 'Mazda CX-5 2.0 Premium');
    if (!cx5) throw new Error('fixture');
    const tools = new Toolbox(inventory);
    const out = (await tools.execute('car_records', { carId: cx5.id })) as Record<string, never>;
    expect(out.carId).toBe(cx5.id);
    expect(out.inspection).toMatchObject({
      inspectedAt: '2026-10-28',
      summary: { pledges: ['NO_CRASH', 'NO_ODO_ROLLBACK'], attention: 1 },
    });
    expect(out.papers).toMatchObject({ ownerType: 'company', vatInvoice: true, loanStatus: 'released' });
    expect(tools.seenIds.has(cx5.id)).toBe(true);
    expect(await tools.execute('car_records', { carId: 99_999 })).toEqual({
      error: 'Không có xe với mã này',
    });
  });

  it('gives showroom_info the written policies', async () => {
    const out = (await new Toolbox(inventory).execute('showroom_info', {})) as { policies: unknown };
    expect(out.policies).toEqual(DEFAULT_SHOWROOM_POLICIES);
  });
});
