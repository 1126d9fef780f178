import type { Voucher } from '@recarga/contracts/vouchers';
import type { DraftUser } from './voucher-draft';

/** The voucher's users as the selection lists them, with their per-user status. */
export function usersOfVoucher(voucher: Voucher): DraftUser[] {
  return voucher.voucher_users_pks_with_voucher_status.map((u) => ({
    user_pk: u.user_pk,
    email: u.email,
    user_name: u.name,
    voucher_status: u.status,
  }));
}

/** 002 §4: SUSPEND and USED users cannot be removed from the selection. */
export function isRemovable(user: DraftUser): boolean {
  return user.voucher_status !== 'SUSPEND' && user.voucher_status !== 'USED';
}

/** The id of the address (`/voucher/12`), or null when it is not a positive int4. */
export function voucherIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** 'email - name' (002 §2), or the name alone when the picker does not carry an e-mail. */
export function userLabel(user: { email?: string | null; user_name: string }): string {
  return user.email ? `${user.email} - ${user.user_name}` : user.user_name;
}
