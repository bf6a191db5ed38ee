import { carInput } from '../../src/contract/cars';
import type { AdvisorCar } from '../../src/server/modules/chatbot/inventory';
import type { TestApp } from '../helpers/app';
import { FIXTURE_CARS, FIXTURE_SHOWROOM } from './inventory';
import type { World } from './properties';

/** Inserts the fixture showroom through the cars service and sets the showroom's details. */
export async function seedShowroom(app: TestApp): Promise<{ ids: number[]; world: World }> {
  const ids: number[] = [];
  const cars = new Map<number, AdvisorCar>();
  for (const { status, ...input } of FIXTURE_CARS) {
    const data = carInput.parse(input);
    const id = await app.services.cars.insertSeeded(app.ctx.db, { ...data, status }, []);
    ids.push(id);
    cars.set(id, { id, ...data, status } as AdvisorCar);
  }
  await app.services.webConfig.update(FIXTURE_SHOWROOM, null);
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
