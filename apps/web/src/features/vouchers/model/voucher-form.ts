import dayjs, { type Dayjs } from 'dayjs';
import type { Voucher, VoucherCreateInput, VoucherExpireType, VoucherKind, VoucherUpdateInput } from '@recarga/contracts/vouchers';

/** How the form holds a voucher: money in minor units (typed as cents), other kinds as whole numbers. */
export interface VoucherFormValues {
  code: string;
  title: string;
  description: string;
  kind?: VoucherKind;
  kind_value?: number | null;
  units?: number | null;
  start?: Dayjs | null;
  expire?: Dayjs | null;
  expire_type: VoucherExpireType;
  uses_per_user?: number | null;
  /** 'all': every charge point of the network (charge_box_pks null); 'some': the ones chosen. */
  charge_mode: 'all' | 'some';
  charge_box_pks: number[];
  /** Edit only: a voucher switched off is INACTIVE. */
  active: boolean;
  /** The network the voucher belongs to (create: chosen when the user sees several). */
  tenant_pk?: number;
}

/** 002 §3: the form starts empty, active. */
export function emptyFormValues(): VoucherFormValues {
  return {
    code: '',
    title: '',
    description: '',
    kind: undefined,
    kind_value: null,
    units: null,
    start: null,
    expire: null,
    expire_type: 'EXPIRATION_DATE',
    uses_per_user: null,
    charge_mode: 'all',
    charge_box_pks: [],
    active: true,
    tenant_pk: undefined,
  };
}

/** The form's value of a kind_value answered in the kind's unit (MONEY: major units → minor units). */
export function formKindValue(kind: VoucherKind, value: number): number {
  return kind === 'MONEY_RECHARGE' ? Math.round(value * 100) : value;
}

/** The stored voucher as form values (002 §4: the money value shown with 2 decimals). */
export function formValuesOf(voucher: Voucher): VoucherFormValues {
  return {
    code: voucher.code,
    title: voucher.title,
    description: voucher.description,
    kind: voucher.kind,
    kind_value: formKindValue(voucher.kind, voucher.kind_value),
    units: voucher.units,
    start: dayjs(voucher.start),
    expire: dayjs(voucher.expire),
    expire_type: voucher.expire_type,
    uses_per_user: voucher.expire_type === 'USES_PER_USER' ? voucher.uses_per_user : null,
    charge_mode: voucher.charge_box_pks.length ? 'some' : 'all',
    charge_box_pks: voucher.charge_box_pks,
    active: voucher.active,
    tenant_pk: voucher.tenant_pk,
  };
}

/** 002 §7: dates travel in UTC as 'YYYY-MM-DD HH:mm:ss'. */
export function utcText(value: Dayjs | null | undefined): string {
  return value ? value.utc().format('YYYY-MM-DD HH:mm:ss') : '';
}

/** The kind_value of the body: MONEY as a decimal in major units, the others as typed. */
export function bodyKindValue(kind: VoucherKind | undefined, value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return kind === 'MONEY_RECHARGE' ? value / 100 : value;
}

/** PUT /api/vouchers/{id}/ (002 §5 Voucher edit, §7): uses_per_user defaults to 1, charge_box_pks to null. */
export function updateBody(values: VoucherFormValues, userPks: number[]): VoucherUpdateInput {
  const byUses = values.kind === 'PERCENT_RECHARGE' && values.expire_type === 'USES_PER_USER';
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    kind: values.kind as VoucherKind,
    kind_value: bodyKindValue(values.kind, values.kind_value) as number,
    units: Number(values.units),
    start: utcText(values.start),
    expire: utcText(values.expire),
    charge_box_pks: values.charge_mode === 'some' ? values.charge_box_pks : null,
    tenant_pk: values.tenant_pk,
    active: values.active,
    user_pks: userPks,
    uses_per_user: byUses ? Number(values.uses_per_user) : 1,
    expire_type: byUses ? 'USES_PER_USER' : 'EXPIRATION_DATE',
  };
}

/** POST /api/vouchers/ (002 §7): the same plus the code; a new voucher is active. */
export function createBody(values: VoucherFormValues, userPks: number[]): VoucherCreateInput {
  return { code: values.code.trim().toUpperCase(), ...updateBody({ ...values, active: true }, userPks) };
}
