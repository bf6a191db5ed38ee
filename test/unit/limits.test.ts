import { describe, expect, it } from 'vitest';
import { carInput } from '../../src/contract/cars';
import { itemMaxLengthOf, maxLengths } from '../../src/contract/limits';
import { recruitmentBody } from '../../src/contract/recruitment';
import { reservationSettings } from '../../src/contract/reservations';
import { userCreateBody } from '../../src/contract/users';

// Forms set `maxlength` from the contract's schemas; these are the bounds the server enforces.
describe('the limits forms read from the contract', () => {
  it('finds each text field bound, through defaults, pipes and refinements', () => {
    const car = maxLengths(carInput);
    expect(car).toMatchObject({ carName: 150, brand: 60, description: 5000, exteriorColor: 40 });
    expect(car.year).toBeUndefined();
    expect(maxLengths(recruitmentBody)).toMatchObject({ title: 200, description: 10_000 });
  });

  it('reads the bound of each item of a list (a car feature)', () => {
    expect(itemMaxLengthOf(carInput.shape.features)).toBe(100);
    expect(itemMaxLengthOf(carInput.shape.carName)).toBeUndefined();
  });

  it('states the bounds that were only inside a pattern, with the pattern’s message', () => {
    expect(maxLengths(userCreateBody).username).toBe(40);
    expect(maxLengths(reservationSettings).accountNumber).toBe(19);
    const long = userCreateBody.safeParse({ fullName: 'A', email: 'a@b.vn', username: 'a'.repeat(41) });
    expect(long.error?.issues[0].message).toMatch(/3-40 ký tự/);
  });
});
