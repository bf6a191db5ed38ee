import { carInput } from '../../src/contract/cars';
import { DEFAULT_RESERVATION_SETTINGS } from '../../src/contract/reservations';
import { DEFAULT_CAR_CALCULATIONS, DEFAULT_SHOWROOM_POLICIES } from '../../src/contract/web-config';
import {
  type CarDetails,
  compareCars,
  type InventoryPort,
  matchesSearch,
  statsOf,
} from '../../src/server/modules/chatbot/inventory';
import { planInstalment } from '../../src/server/modules/chatbot/port';
import { FIXTURE_CARS, FIXTURE_SHOWROOM } from './inventory';
import { recordsFor } from './records';

/** The fixture showroom held in memory behind the advisor's port (parser and dialogue tests, no database). */
export function memoryInventory(): InventoryPort & { cars: CarDetails[] } {
  const cars: CarDetails[] = FIXTURE_CARS.map(({ status, ...input }, i) => {
    const d = carInput.parse(input);
    return {
      id: i + 1,
      carName: d.carName,
      brand: d.brand,
      model: d.model,
      version: d.version,
      year: d.year,
      sellPrice: d.sellPrice,
      odo: d.odo,
      bodyType: d.bodyType,
      size: d.size,
      fuel: d.fuel,
      transmission: d.transmission,
      exteriorColor: d.exteriorColor,
      interiorColor: d.interiorColor,
      engine: d.engine,
      drivetrain: d.drivetrain,
      origin: d.origin,
      previousOwners: d.previousOwners,
      features: d.features,
      description: d.description,
      status,
    };
  });
  return {
    cars,
    async searchCars(s) {
      return cars
        .filter((c) => matchesSearch(c, s))
        .sort(compareCars(s))
        .slice(0, s.limit);
    },
    async getCar(id) {
      return cars.find((c) => c.id === id) ?? null;
    },
    async priceStats(s) {
      return statsOf(cars.filter((c) => matchesSearch(c, s)).map((c) => c.sellPrice));
    },
    async catalogue() {
      return { brands: [...new Set(cars.map((c) => c.brand))], models: [] };
    },
    async showroom() {
      return {
        name: FIXTURE_SHOWROOM.showroomName,
        address: FIXTURE_SHOWROOM.showroomAddress,
        phone: FIXTURE_SHOWROOM.showroomPhone,
        email: FIXTURE_SHOWROOM.showroomEmail,
        openingHours: FIXTURE_SHOWROOM.openingHours,
        messengerUrl: '',
        zaloUrl: '',
        facebookUrl: '',
        policies: DEFAULT_SHOWROOM_POLICIES,
        // The demo showroom's deposits: 10 triệu, 30 minutes to pay, 3 days held.
        reservations: {
          ...(({ webhookApiKey: _key, ...open }) => open)(DEFAULT_RESERVATION_SETTINGS),
          holdMinutes: 30,
          bankBin: '970436',
          accountNumber: '0071000123456',
          accountName: 'AUTOVIET',
        },
      };
    },
    async carRecords(id) {
      const car = cars.find((c) => c.id === id);
      return car ? recordsFor(car) : null;
    },
    // No deposits and no market prices in memory: held cars are held by staff, every car is valued by a person.
    async carHold() {
      return null;
    },
    async valueCar() {
      return { ok: false as const, message: 'Chưa có dữ liệu giá cho dòng xe này.' };
    },
    async loanTerms() {
      const s = DEFAULT_CAR_CALCULATIONS;
      return { annualRate: s.loanInterestRate, maxLoanRatio: s.maxLoanRatio, maxTermMonths: s.maxTermMonths };
    },
    async instalment(req) {
      return planInstalment(DEFAULT_CAR_CALCULATIONS, req);
    },
  };
}
