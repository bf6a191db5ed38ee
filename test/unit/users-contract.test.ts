import { describe, expect, it } from 'vitest';
import {
  OTHERS_PASSWORD_REFUSED,
  userCreateBody,
  userCreateRequest,
  userUpdateBody,
  userUpdateRequest,
} from '../../src/contract/users';

/** The messages a staff form shows come from these schemas directly (zod resolver), not from the server. */
const base = { fullName: 'Lê Thị Hoa', email: 'hoa@example.com', role: 'STAFF' };

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('optional phone of a staff account', () => {
  it('reads a blank field as not given', () => {
    expect(userUpdateBody.parse({ ...base, phone: '  ' }).phone).toBeUndefined();
    expect(userCreateBody.parse({ ...base, phone: '' }).phone).toBeUndefined();
  });

  it("answers a wrong value with the field's own Vietnamese message", () => {
    expect(messages(userUpdateBody.safeParse({ ...base, phone: '123' }))).toEqual({
      phone: 'Số điện thoại không hợp lệ',
    });
    expect(messages(userCreateBody.safeParse({ ...base, phone: 'abc' }))).toEqual({
      phone: 'Số điện thoại không hợp lệ',
    });
  });

  it('keeps a valid phone in its national form', () => {
    expect(userUpdateBody.parse({ ...base, phone: '+84 912 345 678' }).phone).toBe('0912345678');
  });
});

describe("nobody sets another person's password", () => {
  it('refuses a body that carries one, and ignores an empty field an old form may still send', () => {
    for (const schema of [userCreateRequest, userUpdateRequest]) {
      expect(messages(schema.safeParse({ ...base, password: 'Matkhau123' }))).toEqual({
        password: OTHERS_PASSWORD_REFUSED,
      });
      expect(schema.safeParse({ ...base, password: '' }).success).toBe(true);
      expect(schema.safeParse(base).success).toBe(true);
    }
  });
});
