import { describe, expect, it } from 'vitest';
import { isRemovable, userLabel, voucherIdOf } from './voucher-users';

describe('voucher users', () => {
  it('keeps SUSPEND and USED users in the selection, and lets the others go', () => {
    expect(isRemovable({ user_pk: 1, email: '', user_name: 'A', voucher_status: 'SUSPEND' })).toBe(false);
    expect(isRemovable({ user_pk: 1, email: '', user_name: 'A', voucher_status: 'USED' })).toBe(false);
    expect(isRemovable({ user_pk: 1, email: '', user_name: 'A', voucher_status: 'NOT_USED' })).toBe(true);
    expect(isRemovable({ user_pk: 1, email: '', user_name: 'A' })).toBe(true);
  });
  it("labels a user 'email - name', or by name when the e-mail is unknown", () => {
    expect(userLabel({ email: 'julia@move.com.br', user_name: 'Júlia Santos' })).toBe('julia@move.com.br - Júlia Santos');
    expect(userLabel({ email: null, user_name: 'Júlia Santos' })).toBe('Júlia Santos');
  });
  it('reads an id from the address only when it is a positive int4', () => {
    expect(voucherIdOf('12')).toBe(12);
    expect(voucherIdOf('0')).toBeNull();
    expect(voucherIdOf('2147483648')).toBeNull();
    expect(voucherIdOf('1e3')).toBeNull();
    expect(voucherIdOf(undefined)).toBeNull();
  });
});
