/**
 * The cars module's public entry beside its service: the writes made without a request (the demo
 * showroom, test fixtures, generated stock), since this module owns the cars tables.
 */

export {
  addSeededPhotos,
  carsWithoutPhotos,
  insertSeededCar,
  insertSeededCars,
  insertSeededPriceDrop,
  type SeededCarInput,
} from './seeded';
export { CarsService } from './service';
