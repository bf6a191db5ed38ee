import { describe, expect, it } from 'vitest';
import { reservationCreateBody } from '../../src/contract/reservations';
import { validateReservation } from '../../src/web/features/reservations/public/validate';

/** The deposit form checks without zod: it must say what the server's schema says, field by field. */
function serverSays(fields: { fullName: string; phone: string; email: string }) {
  const parsed = reservationCreateBody.safeParse({ carId: 1, ...fields });
  const out: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}

describe('the zod-free deposit form', () => {
  it.each([
    { fullName: 'Lê Thị Hoa', phone: '0912 345 678', email: 'hoa@example.com' },
    { fullName: '', phone: '', email: '' },
    { fullName: '   ', phone: '12345', email: 'hoa@' },
    { fullName: 'A'.repeat(101), phone: '+84912345678', email: 'hoa@example' },
    { fullName: 'Hoa\u0007', phone: '0212345678', email: 'hoa@mail.example.com.vn' },
    { fullName: 'Hoa', phone: '84.912.345.678', email: `${'a'.repeat(195)}@x.vn` },
  ])('agrees with the contract on %o', (fields) => {
    expect(validateReservation(fields)).toEqual(serverSays(fields));
  });
});
