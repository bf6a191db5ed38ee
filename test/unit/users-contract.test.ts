import { describe, expect, it } from 'vitest';
import { userCreateBody, userUpdateBody } from '../../src/contract/users';

/** The messages a staff form shows come from these schemas directly (zod resolver), not from the server. */
const base = { fullName: 'Lê Thị Hoa', email: 'hoa@example.com', role: 'STAFF' };

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('optional phone and password of a staff account', () => {
  it('reads a blank field as not given', () => {
    const parsed = userUpdateBody.parse({ ...base, phone: '  ', password: '' });
    expect(parsed.phone).toBeUndefined();
    expect(parsed.password).toBeUndefined();
    expect(userCreateBody.parse({ ...base, phone: '', password: 'Matkhau123' }).phone).toBeUndefined();
  });

  it("answers a wrong value with the field's own Vietnamese message", () => {
    const update = messages(userUpdateBody.safeParse({ ...base, phone: '123', password: 'abc' }));
    expect(update).toEqual({
      phone: 'Số điện thoại không hợp lệ',
      password: expect.stringMatching(/^Mật khẩu phải có ít nhất 8 ký tự/),
    });
    const create = messages(userCreateBody.safeParse({ ...base, phone: 'abc', password: 'Matkhau123' }));
    expect(create).toEqual({ phone: 'Số điện thoại không hợp lệ' });
  });

  it('keeps a valid phone in its national form', () => {
    expect(userUpdateBody.parse({ ...base, phone: '+84 912 345 678' }).phone).toBe('0912345678');
  });
});
