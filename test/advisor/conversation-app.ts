import { expect } from 'vitest';
import { type CarData, type CarInput, carInput } from '../../src/contract/cars';
import { CHAT_GREETING, type ChatMessage, carLinks } from '../../src/contract/chat';
import { insertSeededCar } from '../../src/server/modules/cars';
import type { AdvisorCar } from '../../src/server/modules/chatbot/inventory';
import { startTestApp, type TestApp } from '../helpers/app';
import type { World } from './properties';
import { seedShowroom } from './seed';

/**
 * The real application (startTestApp) with the advisor's fixture showroom and a few cars more that
 * the multi-turn conversations need: two seven-seat diesel SUVs from 2021 under 1 tỷ (one black) and
 * a Mitsubishi Outlander a visitor can put a deposit on.
 */

const EXTRA: Record<string, Omit<CarData, 'status'>> = {
  fortuner2021: car('Toyota Fortuner 2.4 4x2 AT', 'Toyota', 'Fortuner', 2021, 985, 52_000, 'Đen', 'DIESEL'),
  pajero2021: car(
    'Mitsubishi Pajero Sport 2.4D 4x2 AT',
    'Mitsubishi',
    'Pajero Sport',
    2021,
    935,
    48_000,
    'Trắng',
    'DIESEL',
  ),
  outlander: car('Mitsubishi Outlander 2.0 CVT Premium', 'Mitsubishi', 'Outlander', 2021, 825, 35_000, 'Đỏ'),
};

function car(
  carName: string,
  brand: string,
  model: string,
  year: number,
  millions: number,
  odo: number,
  exteriorColor: string,
  fuel: CarInput['fuel'] = 'PETROL',
): Omit<CarData, 'status'> {
  return carInput.parse({
    carName,
    brand,
    model,
    year,
    sellPrice: millions * 1_000_000,
    odo,
    bodyType: 'SUV',
    size: 7,
    fuel,
    transmission: 'AUTOMATIC',
    exteriorColor,
    interiorColor: 'Đen',
    origin: 'DOMESTIC',
    previousOwners: 1,
    features: ['Camera lùi'],
  });
}

export interface AdvisorApp {
  t: TestApp;
  world: World;
  /** The extra cars' ids by name. */
  extra: Record<keyof typeof EXTRA, number>;
  /** Any car of the showroom by its name (the first one of that name). */
  idOf(carName: string, year?: number): number;
  /** Sends a conversation and answers the advisor's text. */
  ask(history: ChatMessage[]): Promise<string>;
  /** Plays the visitor's messages one after the other; answers every (question, answer) pair. */
  talk(...messages: string[]): Promise<{ history: ChatMessage[]; answers: string[] }>;
}

export async function advisorApp(env: Record<string, string> = {}): Promise<AdvisorApp> {
  const t = await startTestApp({ CHAT_RATE_LIMIT: '10000', ...env });
  const { world } = await seedShowroom(t);
  const extra = {} as Record<keyof typeof EXTRA, number>;
  for (const [key, data] of Object.entries(EXTRA) as [keyof typeof EXTRA, Omit<CarData, 'status'>][]) {
    const id = await insertSeededCar(t.ctx.db, { ...data, status: 'available' }, []);
    extra[key] = id;
    world.cars.set(id, { id, ...data, status: 'available' } as AdvisorCar);
  }
  t.services.cars.invalidate();

  const ask = async (history: ChatMessage[]) => {
    const res = await t.call('POST', '/api/chatbot/history', { body: history });
    expect(res.status, res.body).toBe(200);
    return res.body;
  };
  return {
    t,
    world,
    extra,
    idOf(carName, year) {
      for (const c of world.cars.values())
        if (c.carName === carName && (year === undefined || c.year === year)) return c.id;
      throw new Error(`no car ${carName}`);
    },
    ask,
    async talk(...messages) {
      const history: ChatMessage[] = [{ role: 'model', content: CHAT_GREETING }];
      const answers: string[] = [];
      for (const content of messages) {
        history.push({ role: 'user', content });
        const answer = await ask(history);
        history.push({ role: 'model', content: answer });
        answers.push(answer);
      }
      return { history, answers };
    },
  };
}

/** The cars an answer links, as the showroom has them. */
export function carsOf(app: AdvisorApp, answer: string): AdvisorCar[] {
  return carLinks(answer).map((id) => {
    const found = app.world.cars.get(id);
    if (!found) throw new Error(`the answer links car ${id}, which does not exist`);
    return found;
  });
}

/** "Mình giữ điều kiện trước: từ 7 chỗ, máy dầu." -> "từ 7 chỗ, máy dầu" (null without one). */
export function keptNote(answer: string): string | null {
  return /Mình giữ điều kiện trước: ([^\n]+?)\.(?:\n|$)/.exec(answer)?.[1] ?? null;
}
