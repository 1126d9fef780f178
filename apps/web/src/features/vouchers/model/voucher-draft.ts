import { useSyncExternalStore } from 'react';
import type { VoucherUserStatus } from '@recarga/contracts/vouchers';
import type { VoucherFormValues } from './voucher-form';

/** A user chosen for the voucher, as the selection page lists it. */
export interface DraftUser {
  user_pk: number;
  email: string;
  user_name: string;
  /** The user's voucher status when the voucher already holds them (edit); new choices have none. */
  voucher_status?: VoucherUserStatus;
}

/** 002 §3 "Voucher draft": userPks, usersDataList, formValues — for one voucher (null: the create form). */
export interface VoucherDraft {
  voucherPk: number | null;
  userPks: number[];
  usersDataList: DraftUser[];
  formValues: VoucherFormValues;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: VoucherDraft | null = null;

function emit() {
  for (const listener of listeners) listener();
}

/** The draft of this voucher (null: create), or null when none is kept for it. */
export function readVoucherDraft(voucherPk: number | null): VoucherDraft | null {
  return current && current.voucherPk === voucherPk ? current : null;
}

export function saveVoucherDraft(draft: VoucherDraft): void {
  current = draft;
  emit();
}

/** Cleared on back and after the voucher was saved (002 §4). */
export function clearVoucherDraft(): void {
  if (current === null) return;
  current = null;
  emit();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The kept draft of this voucher, re-rendering when it changes. */
export function useVoucherDraft(voucherPk: number | null): VoucherDraft | null {
  const draft = useSyncExternalStore(subscribe, () => current);
  return draft && draft.voucherPk === voucherPk ? draft : null;
}

/** 002 §4: the edit form starts from the draft when any of its text fields is filled. */
export function draftHasText(draft: VoucherDraft | null): boolean {
  const v = draft?.formValues;
  return !!v && [v.code, v.title, v.description].some((text) => !!text && text.trim() !== '');
}
