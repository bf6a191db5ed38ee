import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarDetail, CarSummary } from '../../src/contract/cars';
import type { InspectionReport, InspectionTemplate } from '../../src/contract/inspections';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';

/**
 * "Không tua ODO" follows the odometer history everywhere a car is shown: an imported service history
 * that goes backwards withdraws it from the car's page and the list (the copy kept on the cars row), and
 * deleting the wrong record gives it back.
 */
let t: TestApp;
let staff: { token: string };
let carId: number;

const pledges = async () => {
  const detail = (await t.call('GET', `/api/cars/${carId}`)).json as CarDetail;
  const list = (await t.call('GET', '/api/cars', { query: { carName: 'Outlander' } })).json
    .content as CarSummary[];
  const listed = list.find((c) => c.carId === carId)!;
  expect(listed.inspection?.pledges).toEqual(detail.inspection?.pledges);
  // The report itself (served again from the answer cache until a change) says the same.
  const report = (await t.call('GET', `/api/cars/${carId}/inspection`)).json as InspectionReport;
  expect(report.summary.pledges).toEqual(detail.inspection?.pledges);
  expect(report.odometerConsistent).toBe(detail.inspection?.pledges.includes('NO_ODO_ROLLBACK'));
  return detail.inspection?.pledges ?? [];
};

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createStaff(['MANAGE_CAR']);
  const car = await t.call('POST', '/api/cars/admin/add', {
    token: staff.token,
    body: carBody({
      carName: 'Mitsubishi Outlander 2.0 CVT',
      brand: 'Mitsubishi',
      model: 'Outlander',
      odo: 60_000,
    }),
  });
  carId = car.json.carId;
  const template = (await t.call('GET', '/api/inspection-template', { token: staff.token }))
    .json as InspectionTemplate;
  const saved = await t.call('PUT', `/api/cars/${carId}/inspection`, {
    token: staff.token,
    body: {
      inspectorName: 'Trần Quốc Bảo',
      inspectedOn: '01/11/2026',
      odometerKm: 59_900,
      results: template.items.filter((i) => !i.retired).map((i) => ({ itemId: i.itemId, result: 'PASS' })),
    },
  });
  expect(saved.status, saved.body).toBe(200);
});
afterAll(() => t.close());

describe('the odometer pledge follows the history', () => {
  it('holds with a clean history, goes with an imported rollback, and comes back when it is deleted', async () => {
    expect(await pledges()).toEqual(['NO_CRASH', 'NO_FLOOD', 'NO_ODO_ROLLBACK']);

    const imported = await t.call('POST', `/api/cars/${carId}/service-records/import`, {
      token: staff.token,
      body: {
        records: [
          {
            servicedOn: '10/01/2024',
            km: 48_000,
            work: 'Bảo dưỡng 48.000 km',
            place: 'Mitsubishi Trường Chinh',
          },
          { servicedOn: '12/02/2025', km: 31_000, work: 'Thay dầu', place: 'Gara ngoài' },
        ],
      },
    });
    expect(imported.status, imported.body).toBe(201);
    expect(imported.json.odometerWarning).toContain('bị lùi');
    expect(await pledges()).toEqual(['NO_CRASH', 'NO_FLOOD']);

    const wrong = imported.json.serviceRecords.find((r: { km: number }) => r.km === 31_000);
    const removed = await t.call('DELETE', `/api/cars/${carId}/service-records/${wrong.id}`, {
      token: staff.token,
    });
    expect(removed.status).toBe(200);
    expect(await pledges()).toEqual(['NO_CRASH', 'NO_FLOOD', 'NO_ODO_ROLLBACK']);
  });
});
