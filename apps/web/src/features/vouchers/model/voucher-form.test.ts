import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import type { Voucher } from '@recarga/contracts/vouchers';
import { voucherCreateSchema, voucherUpdateSchema } from '@recarga/contracts/vouchers';
import { createBody, emptyFormValues, formValuesOf, updateBody, type VoucherFormValues } from './voucher-form';

dayjs.extend(utc);

const filled = (patch: Partial<VoucherFormValues> = {}): VoucherFormValues => ({
  ...emptyFormValues(),
  code: 'bem-vindo',
  title: ' Boas-vindas ',
  description: 'Primeira recarga',
  kind: 'MONEY_RECHARGE',
  kind_value: 2550,
  units: 2,
  start: dayjs.utc('2026-12-01T03:00:00Z'),
  expire: dayjs.utc('2026-12-31T02:59:00Z'),
  ...patch,
});

describe('createBody', () => {
  it('sends money as a decimal in major units, dates in UTC and every charger as null, when all chargers apply', () => {
    const body = createBody(filled({ tenant_pk: 3 }), [7, 9]);
    expect(body).toEqual({
      code: 'BEM-VINDO',
      title: 'Boas-vindas',
      description: 'Primeira recarga',
      kind: 'MONEY_RECHARGE',
      kind_value: 25.5,
      units: 2,
      start: '2026-12-01 03:00:00',
      expire: '2026-12-31 02:59:00',
      charge_box_pks: null,
      tenant_pk: 3,
      active: true,
      user_pks: [7, 9],
      uses_per_user: 1,
      expire_type: 'EXPIRATION_DATE',
    });
    expect(voucherCreateSchema.safeParse(body).success).toBe(true);
  });

  it('sends the uses per user only for a percent voucher that expires by uses', () => {
    const percent = createBody(filled({ kind: 'PERCENT_RECHARGE', kind_value: 15, expire_type: 'USES_PER_USER', uses_per_user: 3 }), []);
    expect(percent).toMatchObject({ kind_value: 15, expire_type: 'USES_PER_USER', uses_per_user: 3 });
    const kwh = createBody(filled({ kind: 'KWH_RECHARGE', kind_value: 20, expire_type: 'USES_PER_USER', uses_per_user: 3 }), []);
    expect(kwh).toMatchObject({ kind_value: 20, expire_type: 'EXPIRATION_DATE', uses_per_user: 1 });
  });

  it('sends the chosen chargers, when specific ones apply', () => {
    expect(createBody(filled({ charge_mode: 'some', charge_box_pks: [4, 5] }), []).charge_box_pks).toEqual([4, 5]);
  });
});

describe('updateBody and formValuesOf', () => {
  it('round-trips a stored money voucher, keeping its active flag', () => {
    const voucher = {
      voucher_pk: 12,
      code: 'BEM',
      title: 'Boas-vindas',
      description: 'Primeira recarga',
      kind: 'MONEY_RECHARGE',
      kind_value: 25.5,
      units: 2,
      start: '2026-12-01T03:00:00.000Z',
      expire: '2026-12-31T02:59:00.000Z',
      expire_type: 'EXPIRATION_DATE',
      uses_per_user: 1,
      charge_box_pks: [4],
      active: false,
      tenant_pk: 3,
    } as Voucher;
    const values = formValuesOf(voucher);
    expect(values).toMatchObject({
      tenant_pk: 3,
      kind_value: 2550,
      charge_mode: 'some',
      charge_box_pks: [4],
      active: false,
      uses_per_user: null,
    });
    const body = updateBody(values, [7]);
    expect(body).toMatchObject({
      tenant_pk: 3,
      kind_value: 25.5,
      start: '2026-12-01 03:00:00',
      expire: '2026-12-31 02:59:00',
      active: false,
    });
    expect(voucherUpdateSchema.safeParse(body).success).toBe(true);
  });
});
