import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type CarInput, carInput } from '../../src/contract/cars';
import { vnDayKey } from '../../src/contract/format';
import { cars } from '../../src/server/db/schema';
import { SYSTEM_ACTOR } from '../../src/server/platform/actor';
import type { TestApp } from '../helpers/app';

export const uuid = () => randomUUID();

/** yyyy-mm-dd, `n` Vietnamese calendar days from today. */
export function inDays(n: number, now = new Date()): string {
  return vnDayKey(new Date(now.getTime() + n * 86_400_000));
}

let ipCounter = 0;
/** A distinct client address per call (the test app runs with TRUST_PROXY=on). */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export const asIp = (ip: string) => ({ 'x-forwarded-for': ip });

export async function createCar(t: TestApp, overrides: Partial<CarInput> = {}): Promise<number> {
  const data = carInput.parse({
    carName: 'Toyota Vios 1.5G',
    brand: 'Toyota',
    model: 'Vios',
    year: 2020,
    sellPrice: 458_000_000,
    odo: 42_000,
    bodyType: 'SEDAN',
    size: 5,
    fuel: 'PETROL',
    transmission: 'AUTOMATIC',
    exteriorColor: 'Trắng',
    interiorColor: 'Be',
    origin: 'DOMESTIC',
    status: 'available',
    ...overrides,
  });
  const car = await t.services.cars.create(data, [], SYSTEM_ACTOR);
  return car.carId;
}

/** Takes a car off the public site (as a recorded sale does). */
export async function hideCar(t: TestApp, carId: number) {
  await t.ctx.db.update(cars).set({ status: 'sold' }).where(eq(cars.id, carId));
}

let slotCounter = 0;
/**
 * A car holds one test drive per hour: each default body takes the next whole hour (08:00-17:00) and,
 * every ten bodies, the next day, so tests that book one car many times never meet their own bookings.
 */
function nextTestDriveSlot(): { preferredDate: string; timeSlot: string } {
  const n = slotCounter++;
  return {
    preferredDate: inDays(3 + (Math.floor(n / 10) % 50)),
    timeSlot: `${String(8 + (n % 10)).padStart(2, '0')}:00`,
  };
}

export function testDriveBody(carId: number, overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Nguyễn Văn A',
    phone: '0901234567',
    email: 'khach.a@example.com',
    carId,
    ...nextTestDriveSlot(),
    note: 'Muốn lái thử trên cao tốc',
    website: '',
    clientRequestId: uuid(),
    ...overrides,
  };
}

export function maintenanceBody(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Trần Thị Bình',
    phone: '+84 912 345 678',
    email: '',
    licencePlate: '51g 12345',
    make: 'Honda',
    model: 'City',
    year: 2019,
    odometer: '45.000',
    serviceType: 'PERIODIC',
    preferredDate: inDays(5),
    timeSlot: '',
    note: '',
    website: '',
    clientRequestId: uuid(),
    ...overrides,
  };
}

export function consultingBody(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Lê Hoàng Cường',
    phone: '0987 654 321',
    email: 'Cuong.Le@Example.com',
    topic: 'INSTALLMENT',
    message: 'Tôi muốn hỏi về trả góp 70% trong 5 năm',
    website: '',
    clientRequestId: uuid(),
    ...overrides,
  };
}

/** Posts a test drive from a fresh address and returns the lead id the management list shows. */
export async function postTestDrive(t: TestApp, carId: number, overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/test-drives', {
    body: testDriveBody(carId, overrides),
    headers: asIp(freshIp()),
  });
  if (res.status !== 201) throw new Error(`test drive failed: ${res.status} ${res.body}`);
  const list = await t.call('GET', '/api/test-drives/admin', {
    token: t.adminToken,
    query: { search: res.json.reference, size: 1 },
  });
  return { receipt: res.json, leadId: list.json.content[0].leadId as number };
}
