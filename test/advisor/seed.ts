import { carInput } from '../../src/contract/cars';
import { insertSeededCar } from '../../src/server/modules/cars';
import type { AdvisorCar } from '../../src/server/modules/chatbot/inventory';
import { SYSTEM_ACTOR } from '../../src/server/platform/actor';
import type { TestApp } from '../helpers/app';
import { FIXTURE_CARS, FIXTURE_SHOWROOM } from './inventory';
import type { World } from './properties';

/** Inserts the fixture showroom through the cars service and sets the showroom's details. */
export async function seedShowroom(app: TestApp): Promise<{ ids: number[]; world: World }> {
  const ids: number[] = [];
  const cars = new Map<number, AdvisorCar>();
  for (const { status, ...input } of FIXTURE_CARS) {
    const data = carInput.parse(input);
    const id = await insertSeededCar(app.ctx.db, { ...data, status }, []);
    ids.push(id);
    cars.set(id, { id, ...data, status } as AdvisorCar);
  }
  app.services.cars.invalidate();
  await app.services.webConfig.update(FIXTURE_SHOWROOM, SYSTEM_ACTOR);
  const config = await app.services.webConfig.get();
  return {
    ids,
    world: {
      cars,
      configTexts: [config.showroomPhone, config.openingHours, config.showroomAddress, config.showroomEmail],
      calculations: config.carCalculations,
      now: new Date(),
    },
  };
}
