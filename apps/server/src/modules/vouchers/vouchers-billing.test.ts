// @postgres concurrency: one Idempotency-Key twice at once; two recharges stopping at once on a one-use voucher and on a money balance.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import type { VoucherCreateInput } from '@recarga/contracts/vouchers';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { aStation, tenantPk, userPk } from '../../../test/helpers/station-builders';
import { aTransaction, billOf, walletBalance } from '../../../test/helpers/transaction-builders';
import { voucherOnQuote } from './discount';

/**
 * Vouchers applied at billing, figures worked out by hand. The stations VCH-001 and VCH-002 charge
 * R$ 2,00 per kWh, no start fee, 10 % tax. So 12,5 kWh is 12,5 × 2,00 = R$ 25,00 before tax;
 * without a voucher R$ 25,00 + 2,50 tax = R$ 27,50 (2750).
 * Júlia (tag 04B2C3D4E5) has no wallet: her bills stay pending. The demo driver (04A1B2C3D4) pays
 * from a wallet of R$ 200,00.
 */
describe('vouchers at billing', () => {
  let t: TestApp;
  let sol: string;
  let move: number;
  let julia: number;
  let driver: number;
  let vch2: number;
  let seq = 0;
  const JULIA = '04B2C3D4E5';
  const DRIVER = '04A1B2C3D4';

  const voucher = async (over: Partial<VoucherCreateInput>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vouchers/',
      headers: bearer(sol),
      payload: {
        code: `BILL${++seq}`,
        title: 'Voucher',
        description: 'Voucher de cobrança',
        kind: 'PERCENT_RECHARGE',
        kind_value: 20,
        units: 2,
        start: '2026-01-01 00:00:00',
        expire: '2036-01-01 00:00:00',
        charge_box_pks: null,
        tenant_pk: move,
        active: true,
        user_pks: [julia],
        uses_per_user: 1,
        expire_type: 'EXPIRATION_DATE',
        ...over,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().voucher_pk as number;
  };
  /** A stopped recharge on a VCH station, priced now; answers its pk. */
  const recharge = async (opts: { energyWh: number; idTag?: string; station?: string; start?: Date }) => {
    const pk = await aTransaction(t, {
      station: opts.station ?? 'VCH-001',
      idTag: opts.idTag ?? JULIA,
      energyWh: opts.energyWh,
      minutes: 40,
      start: opts.start,
    });
    await t.app.services.get('billing').processQueue([pk]);
    return pk;
  };
  const billing = (pk: number) =>
    t.db
      .selectFrom('transaction_billing')
      .select(['energy_amount', 'voucher_discount', 'tax', 'total', 'revenue_status', 'movement_pk'])
      .where('transaction_pk', '=', pk)
      .executeTakeFirstOrThrow()
      .then((r) => ({
        energy: Number(r.energy_amount),
        discount: Number(r.voucher_discount),
        tax: Number(r.tax),
        total: Number(r.total),
        revenue: r.revenue_status,
      }));
  const copyOf = (voucherPk: number, user = julia) =>
    t.db
      .selectFrom('voucher_users')
      .select(['uses', 'value_used', 'discount_total'])
      .where('voucher_pk', '=', voucherPk)
      .where('user_pk', '=', user)
      .executeTakeFirstOrThrow()
      .then((r) => ({ uses: r.uses, valueUsed: Number(r.value_used), discount: Number(r.discount_total) }));
  const detail = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/vouchers/${id}/`, headers: bearer(sol) })).json();
  const history = async (id: number, query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/vouchers/${id}/history/${query}`, headers: bearer(sol) })).json();
  const refund = (movementPk: number, partial?: number, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/gateway/transactions/${movementPk}/payments/refunds${partial === undefined ? '' : `?partialAmount=${partial}`}`,
      headers: { ...bearer(sol), ...(key ? { 'idempotency-key': key } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp();
    t.app.services.get('invoices').setAutomatic(false);
    sol = (
      await aUserWith(t, {
        tenant: 'sol',
        routes: ['/', '/vouchers', '/financial', '/transactions'],
        roles: [roles.createVoucher, roles.monetization, roles.paymentApproval],
      })
    ).token;
    move = await tenantPk(t, 'move');
    julia = await userPk(t, 'julia.santos@move.com.br');
    driver = await userPk(t, 'motorista@move.com.br');
    for (const id of ['VCH-001', 'VCH-002', 'VCH-003']) {
      const pk = await aStation(t, { id, tenant: 'move', description: `Posto ${id}` });
      await t.db
        .updateTable('charge_boxes')
        .set({
          has_payment: true,
          payment_charge_type_income: 'KWH',
          payment_charge_type_cost: 'KWH',
          money_per_kilowatt_income: 200,
          money_per_transaction_income: 0,
          money_per_kilowatt_cost: 50,
          tax_income: 0.1,
        })
        .where('charge_box_pk', '=', pk)
        .execute();
      if (id === 'VCH-002') vch2 = pk;
    }
  });
  afterAll(() => t.close());
  // Each test's vouchers stop applying after it (a user's vouchers are chosen among all of theirs).
  afterEach(async () => {
    await t.db.updateTable('vouchers').set({ active: false }).execute();
  });

  it('without a voucher the recharge is billed as usual (12,5 kWh: 2500 + 250 tax = 2750)', async () => {
    const pk = await recharge({ energyWh: 12_500 });
    expect(await billing(pk)).toMatchObject({ energy: 2500, discount: 0, tax: 250, total: 2750, revenue: 'UNPAID' });
    expect(await billOf(t, pk)).toMatchObject({ amount: 2750, payment_status: 'pending' });
  });

  it('PERCENT_RECHARGE 20 %: 12,5 kWh × R$ 2,00 = 2500, discount 500, tax 10 % of 2000 = 200, total 2200', async () => {
    const id = await voucher({ kind: 'PERCENT_RECHARGE', kind_value: 20 });
    const pk = await recharge({ energyWh: 12_500 });
    expect(await billing(pk)).toEqual({ energy: 2500, discount: 500, tax: 200, total: 2200, revenue: 'UNPAID' });
    expect(await billOf(t, pk)).toMatchObject({ amount: 2200, payment_status: 'pending' });
    // a percentage is a rate: the copy counts the use and the money taken off, no stock
    expect(await copyOf(id)).toEqual({ uses: 1, valueUsed: 0, discount: 500 });
    const h = await history(id);
    expect(h.count).toBe(1);
    expect(h.results[0]).toMatchObject({
      transaction_pk: pk,
      charge_box_name: 'Posto VCH-001',
      voucher: { kind: 'PERCENT_RECHARGE', kind_value_used: 20, kind_value: 20, kind_value_balance: 20 },
      user: { userPk: julia, email: 'julia.santos@move.com.br' },
      address: { street: 'Rua de Teste', houseNumber: '10', district: 'São Paulo' },
      amount_discounted: 500,
      recharge_amount: 2500,
      currency: 'BRL',
      refunded_at: null,
    });
    expect((await detail(id)).discount_total).toBe(500);
  });

  it('MONEY_RECHARGE R$ 15,00 over two recharges: the first (1000) is paid in full by the voucher, the second gets the 500 left', async () => {
    const id = await voucher({ kind: 'MONEY_RECHARGE', kind_value: 15, units: 1 });
    // 5 kWh = 1000 before tax: the voucher pays all of it, tax 0, total 0 → paid by VOUCHER
    const first = await recharge({ energyWh: 5_000 });
    expect(await billing(first)).toEqual({ energy: 1000, discount: 1000, tax: 0, total: 0, revenue: 'PAID' });
    expect(await billOf(t, first)).toMatchObject({
      payment_type: 'VOUCHER',
      payment_status: 'approved',
      provider: 'voucher',
      amount: 0,
    });
    expect(await copyOf(id)).toEqual({ uses: 1, valueUsed: 1000, discount: 1000 });
    // 5 kWh again: R$ 5,00 left → discount 500, tax 10 % of 500 = 50, total 550
    const second = await recharge({ energyWh: 5_000 });
    expect(await billing(second)).toEqual({ energy: 1000, discount: 500, tax: 50, total: 550, revenue: 'UNPAID' });
    expect(await copyOf(id)).toEqual({ uses: 2, valueUsed: 1500, discount: 1500 });
    // spent: the copy is USED, so is the voucher (its one unit); a third recharge pays in full
    expect(await detail(id)).toMatchObject({ status: 'USED', used_total: 1, kind_value_used: 15, kind_value_balance: 0 });
    const third = await recharge({ energyWh: 5_000 });
    expect(await billing(third)).toMatchObject({ discount: 0, total: 1100 });
    const h = await history(id);
    expect(
      h.results.map((r: { transaction_pk: number; voucher: { kind_value_balance: number } }) => [
        r.transaction_pk,
        r.voucher.kind_value_balance,
      ]),
    ).toEqual([
      [second, 0],
      [first, 5],
    ]);
  });

  it('KWH_RECHARGE 10 kWh on 12,5 kWh: 10 kWh free (2000), 2,5 kWh billed: 500 + 50 tax = 550', async () => {
    const id = await voucher({ kind: 'KWH_RECHARGE', kind_value: 10 });
    const pk = await recharge({ energyWh: 12_500 });
    expect(await billing(pk)).toEqual({ energy: 2500, discount: 2000, tax: 50, total: 550, revenue: 'UNPAID' });
    expect(await copyOf(id)).toEqual({ uses: 1, valueUsed: 10_000, discount: 2000 });
    expect((await detail(id)).voucher_users_pks_with_voucher_status[0]).toMatchObject({ status: 'USED', kind_value_balance: 0 });
  });

  it('KWH_RECHARGE 20 kWh: covers a 12,5 kWh recharge in full (VOUCHER), then 7,5 of the next 12,5 kWh (1500 off: 1000 + 100 tax)', async () => {
    const id = await voucher({ kind: 'KWH_RECHARGE', kind_value: 20 });
    const first = await recharge({ energyWh: 12_500 });
    expect(await billing(first)).toMatchObject({ discount: 2500, tax: 0, total: 0, revenue: 'PAID' });
    expect(await billOf(t, first)).toMatchObject({ payment_type: 'VOUCHER', payment_status: 'approved' });
    expect((await detail(id)).voucher_users_pks_with_voucher_status[0]).toMatchObject({ status: 'SUSPEND', kind_value_balance: 7.5 });
    const second = await recharge({ energyWh: 12_500 });
    expect(await billing(second)).toEqual({ energy: 2500, discount: 1500, tax: 100, total: 1100, revenue: 'UNPAID' });
    expect(await copyOf(id)).toEqual({ uses: 2, valueUsed: 20_000, discount: 4000 });
  });

  it('a voucher restricted to VCH-002 does nothing at VCH-001 and applies at VCH-002', async () => {
    await voucher({ kind: 'PERCENT_RECHARGE', kind_value: 50, charge_box_pks: [vch2] });
    const there = await recharge({ energyWh: 12_500, station: 'VCH-001' });
    expect(await billing(there)).toMatchObject({ discount: 0, total: 2750 });
    // 50 % of 2500 = 1250 off; tax 125; total 1375
    const here = await recharge({ energyWh: 12_500, station: 'VCH-002' });
    expect(await billing(here)).toMatchObject({ discount: 1250, tax: 125, total: 1375 });
  });

  it('applies only to recharges stopping inside [start, expire): not before start, not at or after expire', async () => {
    await voucher({ kind: 'PERCENT_RECHARGE', kind_value: 10, start: '2026-03-01 00:00:00', expire: '2026-03-31 00:00:00' });
    // the recharge lasts 40 minutes: its stop is start + 40 min
    const before = await recharge({ energyWh: 10_000, start: new Date('2026-02-28T23:00:00Z') });
    const atExpire = await recharge({ energyWh: 10_000, start: new Date('2026-03-30T23:20:00Z') });
    const inside = await recharge({ energyWh: 10_000, start: new Date('2026-03-15T10:00:00Z') });
    expect((await billing(before)).discount).toBe(0);
    expect((await billing(atExpire)).discount).toBe(0);
    // 10 kWh = 2000; 10 % = 200 off; tax 180; total 1980
    expect(await billing(inside)).toMatchObject({ discount: 200, tax: 180, total: 1980 });
  });

  it('USES_PER_USER 2: two recharges get the 10 %, the third none; an inactive voucher none', async () => {
    const id = await voucher({ kind: 'PERCENT_RECHARGE', kind_value: 10, expire_type: 'USES_PER_USER', uses_per_user: 2 });
    const a = await recharge({ energyWh: 10_000 });
    const b = await recharge({ energyWh: 10_000 });
    const c = await recharge({ energyWh: 10_000 });
    expect([(await billing(a)).discount, (await billing(b)).discount, (await billing(c)).discount]).toEqual([200, 200, 0]);
    expect((await detail(id)).voucher_users_pks_with_voucher_status[0]).toMatchObject({ status: 'USED', uses: 2, kind_value_balance: 0 });
    const h = await history(id, `?userPk=${julia}`);
    expect(h.results.map((r: { voucher: { kind_value_balance: number } }) => r.voucher.kind_value_balance)).toEqual([0, 10]);
    await voucher({ kind: 'PERCENT_RECHARGE', kind_value: 50, active: false });
    expect((await billing(await recharge({ energyWh: 10_000 }))).discount).toBe(0);
  });

  it('the expiring-first voucher is chosen when several apply', async () => {
    const later = await voucher({ kind: 'PERCENT_RECHARGE', kind_value: 50, expire: '2036-01-01 00:00:00' });
    const sooner = await voucher({ kind: 'PERCENT_RECHARGE', kind_value: 10, expire: '2035-01-01 00:00:00' });
    const pk = await recharge({ energyWh: 10_000 });
    expect((await billing(pk)).discount).toBe(200);
    expect((await copyOf(sooner)).uses).toBe(1);
    expect((await copyOf(later)).uses).toBe(0);
  });

  it('re-pricing replaces the use instead of consuming twice', async () => {
    const id = await voucher({ kind: 'MONEY_RECHARGE', kind_value: 30 });
    const pk = await recharge({ energyWh: 10_000 });
    // 10 kWh = 2000, all paid: VOUCHER; re-pricing a paid recharge changes nothing
    expect(await billing(pk)).toMatchObject({ discount: 2000, total: 0 });
    await t.db.updateTable('transactions').set({ energy_wh: 12_500 }).where('transaction_pk', '=', pk).execute();
    await t.app.services.get('billing').processQueue([pk]);
    expect(await billing(pk)).toMatchObject({ discount: 2000, total: 0 });
    expect(await copyOf(id)).toEqual({ uses: 1, valueUsed: 2000, discount: 2000 });

    // a pending bill is re-priced: 20 kWh = 4000, R$ 10,00 left of R$ 30,00 → 1000 off, 3000 + 300 tax = 3300 …
    const other = await recharge({ energyWh: 20_000 });
    expect(await billing(other)).toMatchObject({ discount: 1000, tax: 300, total: 3300 });
    expect(await copyOf(id)).toEqual({ uses: 2, valueUsed: 3000, discount: 3000 });
    // … its energy corrected to 22,5 kWh (4500): its own 1000 given back and taken again: same discount, 3500 + 350 = 3850
    await t.db.updateTable('transactions').set({ energy_wh: 22_500 }).where('transaction_pk', '=', other).execute();
    await t.app.services.get('billing').processQueue([other]);
    expect(await billing(other)).toMatchObject({ discount: 1000, tax: 350, total: 3850 });
    expect(await billOf(t, other)).toMatchObject({ amount: 3850, payment_status: 'pending' });
    expect(await copyOf(id)).toEqual({ uses: 2, valueUsed: 3000, discount: 3000 });
    expect(await t.db.selectFrom('voucher_uses').select('transaction_pk').where('voucher_pk', '=', id).execute()).toHaveLength(2);
  });

  it('a refund of a recharge the voucher paid in full gives the value back, once', async () => {
    const id = await voucher({ kind: 'MONEY_RECHARGE', kind_value: 20 });
    const pk = await recharge({ energyWh: 5_000 });
    const bill = (await billOf(t, pk))!;
    expect(bill).toMatchObject({ payment_type: 'VOUCHER', amount: 0 });
    expect(await copyOf(id)).toEqual({ uses: 1, valueUsed: 1000, discount: 1000 });
    const row = await t.app.inject({ method: 'GET', url: `/gateway/transactions/${bill.movement_pk}`, headers: bearer(sol) });
    expect(row.json()).toMatchObject({ paymentType: 'VOUCHER', refundable: true });
    const res = await refund(Number(bill.movement_pk));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction).toMatchObject({ paymentStatus: 'refunded' });
    expect(await copyOf(id)).toEqual({ uses: 0, valueUsed: 0, discount: 0 });
    expect((await history(id)).results[0].refunded_at).not.toBeNull();
    const again = await refund(Number(bill.movement_pk));
    expect(again.statusCode).toBe(409);
    expect(await copyOf(id)).toEqual({ uses: 0, valueUsed: 0, discount: 0 });
  });

  it('a voucher-paid refund retried with its Idempotency-Key answers the same refund, even two at once; another key is refused', async () => {
    const id = await voucher({ kind: 'MONEY_RECHARGE', kind_value: 20 });
    const pk = await recharge({ energyWh: 5_000 });
    const movement = Number((await billOf(t, pk))!.movement_pk);
    expect(await copyOf(id)).toEqual({ uses: 1, valueUsed: 1000, discount: 1000 });
    const [a, b] = await Promise.all([refund(movement, undefined, 'voucher-key-1'), refund(movement, undefined, 'voucher-key-1')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
    expect(b.json().transaction).toMatchObject({ paymentStatus: 'refunded' });
    const retry = await refund(movement, undefined, 'voucher-key-1');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ replayed: true, refundedAmount: 0 });
    // The value went back once.
    expect(await copyOf(id)).toEqual({ uses: 0, valueUsed: 0, discount: 0 });
    expect((await refund(movement, undefined, 'voucher-key-2')).statusCode).toBe(409);
  });

  it('a partly covered recharge paid from the wallet: a partial refund keeps the voucher used, the rest of the refund gives it back', async () => {
    const id = await voucher({ kind: 'MONEY_RECHARGE', kind_value: 10, user_pks: [driver] });
    const walletBefore = (await walletBalance(t, 'motorista@move.com.br'))!;
    // 10 kWh = 2000; R$ 10,00 off → 1000, tax 100, total 1100 from the wallet
    const pk = await recharge({ energyWh: 10_000, idTag: DRIVER });
    expect(await billing(pk)).toMatchObject({ discount: 1000, tax: 100, total: 1100, revenue: 'PAID' });
    const bill = (await billOf(t, pk))!;
    expect(bill).toMatchObject({ payment_type: 'WALLET', amount: 1100, payment_status: 'approved' });
    expect(await walletBalance(t, 'motorista@move.com.br')).toBe(walletBefore - 1100);
    expect((await refund(Number(bill.movement_pk), 100)).statusCode).toBe(200);
    expect(await copyOf(id, driver)).toEqual({ uses: 1, valueUsed: 1000, discount: 1000 });
    expect((await refund(Number(bill.movement_pk))).statusCode).toBe(200);
    expect(await copyOf(id, driver)).toEqual({ uses: 0, valueUsed: 0, discount: 0 });
    expect(await walletBalance(t, 'motorista@move.com.br')).toBe(walletBefore);
  });

  it('on a station whose virtual group prices it (dynamic pricing), the voucher comes off before tax the same way', async () => {
    // Every day: R$ 2,00/kWh, no start fee, no fee, 10 % taxes — the same prices as the station's.
    const admin = await loginAs(t.app, demo.admin);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dynamic-pricing/',
      headers: bearer(admin),
      payload: { name: 'Voucher dinâmico' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const uuid = created.json().data.dynamicPricingUuid as string;
    const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/dynamic-pricing/${uuid}/detail/`,
      headers: bearer(admin),
      payload: {
        dynamicPricingDetailFormList: days.map((dayOfWeek) => ({
          dayOfWeek,
          general: true,
          active: true,
          servicePrice: 0,
          kwhPrice: 200,
          operationFee: 0,
          taxes: 0.1,
        })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const profile = await t.db
      .selectFrom('pricing_profiles')
      .select('pricing_profile_pk')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('pricing_profile_versions')
      .set({ created_at: new Date('2026-01-01T00:00:00Z') })
      .where('pricing_profile_pk', '=', profile.pricing_profile_pk)
      .execute();
    const vch3 = (
      await t.db.selectFrom('charge_boxes').select('charge_box_pk').where('charge_box_id', '=', 'VCH-003').executeTakeFirstOrThrow()
    ).charge_box_pk;
    const group = await t.app.inject({
      method: 'POST',
      url: '/gateway/virtual-groups',
      headers: bearer(admin),
      payload: {
        name: 'Vouchers',
        description: 'Grupo com preço dinâmico',
        tenant_id: move,
        charge_boxs: [vch3],
        dynamic_pricing: {
          enabled: true,
          connector1_dynamic_pricing_id: uuid,
          connector2_dynamic_pricing_id: uuid,
          connector3_dynamic_pricing_id: uuid,
        },
      },
    });
    expect(group.statusCode, group.body).toBe(200);
    const id = await voucher({ kind: 'PERCENT_RECHARGE', kind_value: 20 });
    // 12,5 kWh: energy 2500, tax 250 without the voucher; 20 % = 500 off, tax 250 × 2000 / 2500 = 200, total 2200.
    // At noon in São Paulo: a recharge across local midnight is two windows, each a line rounded on its own
    // (63 + 188 = 251 of tax), which the default start (three hours ago) gave when run between 05:20 and 06:00 UTC.
    const pk = await recharge({ energyWh: 12_500, station: 'VCH-003', start: new Date('2026-11-25T15:00:00Z') });
    expect(await billing(pk)).toEqual({ energy: 2500, discount: 500, tax: 200, total: 2200, revenue: 'UNPAID' });
    const priced = await t.db
      .selectFrom('transaction_billing')
      .select('pricing_profile_pk')
      .where('transaction_pk', '=', pk)
      .executeTakeFirstOrThrow();
    expect(priced.pricing_profile_pk).toBe(profile.pricing_profile_pk);
    expect(await copyOf(id)).toEqual({ uses: 1, valueUsed: 0, discount: 500 });
  });

  it('two recharges of the same user stopping at once on a one-use voucher: exactly one gets the discount', async () => {
    const id = await voucher({ kind: 'PERCENT_RECHARGE', kind_value: 30, expire_type: 'USES_PER_USER', uses_per_user: 1 });
    const a = await aTransaction(t, { station: 'VCH-001', idTag: JULIA, energyWh: 10_000, minutes: 40 });
    const b = await aTransaction(t, { station: 'VCH-002', idTag: JULIA, energyWh: 10_000, minutes: 40 });
    const svc = t.app.services.get('billing');
    await Promise.all([svc.processQueue([a]), svc.processQueue([b])]);
    await svc.processQueue([a, b]);
    const discounts = [(await billing(a)).discount, (await billing(b)).discount].sort((x, y) => x - y);
    // 30 % of 2000 = 600
    expect(discounts).toEqual([0, 600]);
    expect(await copyOf(id)).toEqual({ uses: 1, valueUsed: 0, discount: 600 });
  });

  it('two recharges stopping at once on a money balance never spend more than it holds', async () => {
    const id = await voucher({ kind: 'MONEY_RECHARGE', kind_value: 15 });
    const pks = await Promise.all([0, 1, 2].map(() => aTransaction(t, { station: 'VCH-001', idTag: JULIA, energyWh: 5_000, minutes: 40 })));
    const svc = t.app.services.get('billing');
    await Promise.all(pks.map((pk) => svc.processQueue([pk])));
    await svc.processQueue(pks);
    const discounts = await Promise.all(pks.map(async (pk) => (await billing(pk)).discount));
    // 1000 + 500 + 0 in some order: R$ 15,00 exactly
    expect(discounts.reduce((s, d) => s + d, 0)).toBe(1500);
    expect([...discounts].sort((x, y) => x - y)).toEqual([0, 500, 1000]);
    expect(await copyOf(id)).toEqual({ uses: 2, valueUsed: 1500, discount: 1500 });
  });
});

describe('a voucher on a dynamic-pricing quote (voucherOnQuote)', () => {
  // start fee 300, energy 2500 (12,5 kWh), operational fee 100, tax 290 (mixed rates): subtotal 2900
  const q = { startFee: 300, reserve: 0, energy: 2500, operationalFee: 100, tax: 290 };
  it('PERCENT 20 %: 580 off, tax scaled to 2320/2900 of 290 = 232, total 2552', () => {
    expect(voucherOnQuote(q, 12_500, { kind: 'PERCENT_RECHARGE', value: 0.2 })).toEqual({
      voucherDiscount: 580,
      voucherUsed: 580,
      tax: 232,
      total: 2552,
    });
  });
  it('MONEY 1000 of 5000 available: 1000 off, tax 1900/2900 of 290 = 190, total 2090; a bigger balance covers it all', () => {
    expect(voucherOnQuote(q, 12_500, { kind: 'MONEY_RECHARGE', value: 1000 })).toEqual({
      voucherDiscount: 1000,
      voucherUsed: 1000,
      tax: 190,
      total: 2090,
    });
    expect(voucherOnQuote(q, 12_500, { kind: 'MONEY_RECHARGE', value: 5000 })).toEqual({
      voucherDiscount: 2900,
      voucherUsed: 2900,
      tax: 0,
      total: 0,
    });
  });
  it('KWH 5 kWh of 12,5: the energy line’s 5/12,5 = 1000 off, tax 1900/2900 of 290 = 190, total 2090', () => {
    expect(voucherOnQuote(q, 12_500, { kind: 'KWH_RECHARGE', value: 5000 })).toEqual({
      voucherDiscount: 1000,
      voucherUsed: 5000,
      tax: 190,
      total: 2090,
    });
  });
});
