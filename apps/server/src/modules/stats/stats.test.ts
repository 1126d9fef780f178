// @postgres planner: sums read with parallel workers off (stats_serial).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { CO2_AVOIDED_KG_PER_KWH, co2SavedKg, treeGoal } from '@recarga/contracts/stats';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { priceRecharge, tariffFromStation, type StationPaymentSettings } from '../billing/pricing';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { aStation, aTransaction, anEnergySample, markOnline, stationPk, tenantPk, userPk } from '../../../test/helpers/station-builders';
import { chargingFraction } from './service';

type T = TestApp;

/** Brasília local wall-clock time (UTC−3, no daylight saving since 2019) as a UTC instant. */
const brt = (iso: string) => new Date(`${iso}-03:00`);

/** The June 2025 week of the fixture, in Brasília time. */
const WEEK = 'fromDate=2025-06-01%2000:00:00&toDate=2025-06-07%2023:59:59&timeZone=America/Sao_Paulo';

interface Payment {
  has_payment: boolean;
  payment_charge_type_income?: 'KWH' | 'DURATION';
  payment_charge_by_income?: 'CHARGE_BOX' | 'CONNECTOR';
  money_per_kilowatt_income?: number;
  money_per_duration_income?: number;
  money_per_transaction_income?: number;
  money_per_kilowatt_cost?: number;
  tax_income?: number;
}

async function withPayment(t: T, pk: number, p: Payment) {
  await t.db.updateTable('charge_boxes').set(p).where('charge_box_pk', '=', pk).execute();
}

async function connectorStatus(
  t: T,
  pk: number,
  connectorId: number,
  status: string | null,
  unusual: 'MAINTENANCE' | 'UNAVAILABLE' | null = null,
) {
  await t.db
    .updateTable('connectors')
    .set({ last_status: status, unusual_status: unusual })
    .where('charge_box_pk', '=', pk)
    .where('connector_id', '=', connectorId)
    .execute();
}

/** What modules/billing/pricing.ts charges for a finished recharge of a station (cross-check of the SQL). */
async function priced(t: T, chargeBoxPk: number, connectorId: number, energyWh: number, durationSec: number) {
  const s = await t.db.selectFrom('charge_boxes').selectAll().where('charge_box_pk', '=', chargeBoxPk).executeTakeFirstOrThrow();
  const c = await t.db
    .selectFrom('connectors')
    .selectAll()
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('connector_id', '=', connectorId)
    .executeTakeFirstOrThrow();
  const settings: StationPaymentSettings = {
    hasPayment: s.has_payment,
    paymentChargeTypeCost: s.payment_charge_type_cost,
    paymentChargeTypeIncome: s.payment_charge_type_income,
    paymentChargeByIncome: s.payment_charge_by_income,
    moneyPerKilowattCost: Number(s.money_per_kilowatt_cost),
    moneyPerDurationCost: Number(s.money_per_duration_cost),
    moneyPerTransactionCost: Number(s.money_per_transaction_cost),
    moneyPerKilowattIncome: Number(s.money_per_kilowatt_income),
    moneyPerDurationIncome: Number(s.money_per_duration_income),
    moneyPerTransactionIncome: Number(s.money_per_transaction_income),
    taxIncome: Number(s.tax_income),
  };
  const tariff = tariffFromStation(settings, {
    moneyPerKilowattIncome: c.money_per_kilowatt_income === null ? null : Number(c.money_per_kilowatt_income),
    moneyPerDurationIncome: c.money_per_duration_income === null ? null : Number(c.money_per_duration_income),
  });
  return priceRecharge(tariff, { energyWh, durationSec });
}

describe('GET stats/sums and stats/info: indicators against a hand-computed fixture', () => {
  let t: T;
  let admin: string;
  let operator: string;
  let terpel: string;
  let pricedByModule: { cost: number; total: number }[];

  const get = async (token: string, path: string, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stats/${path}/?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, operator, terpel] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator), loginAs(t.app, demo.terpel)]);
    const motorista = await userPk(t, demo.driver.email);
    const julia = await userPk(t, 'julia.santos@move.com.br');
    const pedro = await userPk(t, 'pedro.lima@sol.com.br');
    const valentina = await userPk(t, 'conductor@terpel.co');

    // Stations with payment settings (money in centavos).
    const a = await aStation(t, { id: 'DASH-A', tenant: 'move' });
    await withPayment(t, a, {
      has_payment: true,
      payment_charge_type_income: 'KWH',
      money_per_kilowatt_income: 200,
      money_per_transaction_income: 300,
      tax_income: 0.05,
      money_per_kilowatt_cost: 90,
    });
    const b = await aStation(t, { id: 'DASH-B', tenant: 'sol' });
    await withPayment(t, b, {
      has_payment: true,
      payment_charge_type_income: 'DURATION',
      money_per_duration_income: 50,
      tax_income: 0.1,
      money_per_kilowatt_cost: 80,
    });
    const c = await aStation(t, { id: 'DASH-C', tenant: 'move' });
    await withPayment(t, c, { has_payment: false, money_per_kilowatt_cost: 100 });
    const d = await aStation(t, { id: 'DASH-D', tenant: 'move' });
    await withPayment(t, d, { has_payment: true, payment_charge_by_income: 'CONNECTOR', money_per_kilowatt_income: 999 });
    await t.db
      .updateTable('connectors')
      .set({ money_per_kilowatt_income: 250 })
      .where('charge_box_pk', '=', d)
      .where('connector_id', '=', 1)
      .execute();
    await t.db
      .updateTable('connectors')
      .set({ money_per_kilowatt_income: 300 })
      .where('charge_box_pk', '=', d)
      .where('connector_id', '=', 2)
      .execute();
    const terpelStation = await aStation(t, { id: 'DASH-T', tenant: 'terpel' });
    await withPayment(t, terpelStation, { has_payment: true, money_per_kilowatt_income: 135_000, tax_income: 0.19 });

    // T1: 00:30 local on the first day (03:30 UTC) — inside; 10 kWh in 1 h.
    await aTransaction(t, {
      chargeBoxPk: a,
      start: brt('2025-06-01T00:30'),
      stop: brt('2025-06-01T01:30'),
      startWh: 0,
      stopWh: 10_000,
      userPk: motorista,
    });
    // T2: 23:30 local the day before (02:30 UTC on the first day) — outside in Brasília, inside in UTC; 7 kWh.
    await aTransaction(t, {
      chargeBoxPk: a,
      connectorId: 2,
      start: brt('2025-05-31T23:30'),
      stop: brt('2025-06-01T00:10'),
      startWh: 0,
      stopWh: 7_000,
      userPk: julia,
    });
    // T3: 23:30 local on the last day (02:30 UTC the day after) — inside in Brasília, outside in UTC; 5 kWh in 2731 s.
    await aTransaction(t, {
      chargeBoxPk: b,
      start: brt('2025-06-07T23:30'),
      stop: new Date(brt('2025-06-07T23:30').getTime() + 2731_000),
      startWh: 100,
      stopWh: 5_100,
      userPk: pedro,
    });
    // T4: 00:30 local the day after — outside.
    await aTransaction(t, {
      chargeBoxPk: b,
      connectorId: 2,
      start: brt('2025-06-08T00:30'),
      stop: brt('2025-06-08T01:00'),
      startWh: 0,
      stopWh: 4_000,
      userPk: motorista,
    });
    // T5: a card without a user, at a station without payment: 12.345 kWh.
    await aTransaction(t, {
      chargeBoxPk: c,
      start: brt('2025-06-03T12:00'),
      stop: brt('2025-06-03T13:00'),
      startWh: 0,
      stopWh: 12_345,
      userPk: null,
    });
    // T6: charged by connector (connector 2: R$ 3,00 per kWh): 3.333 kWh.
    await aTransaction(t, {
      chargeBoxPk: d,
      connectorId: 2,
      start: brt('2025-06-04T10:00'),
      stop: brt('2025-06-04T10:30'),
      startWh: 0,
      stopWh: 3_333,
      userPk: julia,
    });
    // T7: still running (in the past week: a lost stop): 2.5 kWh so far, no money.
    const t7 = await aTransaction(t, { chargeBoxPk: a, start: brt('2025-06-05T08:00'), startWh: 1_000, userPk: motorista });
    await anEnergySample(t, { transactionPk: t7, at: brt('2025-06-05T08:30'), value: 3.5, unit: 'kWh' });
    // T8: Terpel (COP, outside the Sol operator's scope): 20 kWh.
    await aTransaction(t, {
      chargeBoxPk: terpelStation,
      start: brt('2025-06-02T10:00'),
      stop: brt('2025-06-02T11:00'),
      startWh: 0,
      stopWh: 20_000,
      userPk: valentina,
    });

    pricedByModule = [
      await priced(t, a, 1, 10_000, 3600),
      await priced(t, b, 1, 5_000, 2731),
      await priced(t, c, 1, 12_345, 3600),
      await priced(t, d, 2, 3_333, 1800),
      await priced(t, terpelStation, 1, 20_000, 3600),
    ];
  });
  afterAll(() => t.close());

  it('the money of the fixture, priced by modules/billing/pricing.ts, matches the hand-computed figures', () => {
    expect(pricedByModule.map((p) => [p.cost, p.total])).toEqual([
      [900, 2415], // 10 kWh × 0,90; 3,00 + 10 × 2,00 = 23,00 + 5 % = 24,15
      [400, 2504], // 5 × 0,80; 2731 s × 0,50/min = 22,758… → 22,76 + 10 % (2,276 → 2,28)
      [1235, 0], // 12,345 × 1,00 = 12,345 → 12,35 (half up); no payment
      [0, 1000], // 3,333 × 3,00 (connector 2) = 9,999 → 10,00
      [0, 3_213_000], // 20 × 1.350,00 = 27.000,00 + 19 % COP
    ]);
  });

  it('sums, for the Sol operator over a Brasília week, count the 23:30 recharge of the last day and not the one of the day before', async () => {
    const s = await get(operator, 'sums', WEEK);
    expect(s.fromDate).toBe('2025-06-01T03:00:00.000Z');
    expect(s.toDate).toBe('2025-06-08T03:00:00.000Z');
    // T1, T3, T5, T6, T7 (T2 and T4 outside, T8 Terpel).
    expect(s.recharges).toBe(5);
    expect(s.usersCharged).toBe(3); // motorista (T1, T7), Pedro (T3), Júlia (T6); the card has no user
    expect(s.energy.consumption).toBe(33.178); // 10 + 5 + 12.345 + 3.333 + 2.5
    expect(s.envIndicator).toEqual({ co2Saved: 24.9, gridKgCo2PerKwh: 0.0385, gridSource: 'MCTI_2023' }); // 33.178 × 0.7519 = 24.946…
    expect(s.energy).toMatchObject({ cultivatedTree: 1, treePercentageGoal: 0.1318, coin: 'BRL' }); // 24.9 / 22 = 1.1318
    expect(s).not.toHaveProperty('cost');
    expect(s).not.toHaveProperty('income');
    expect(s).not.toHaveProperty('byCurrency');
  });

  it('sums, in UTC over the same dates, take the 23:30 local recharge of the day before (00:30 UTC... 02:30 UTC) and drop the last day’s', async () => {
    const s = await get(operator, 'sums', 'fromDate=2025-06-01&toDate=2025-06-07&timeZone=UTC');
    expect(s.fromDate).toBe('2025-06-01T00:00:00.000Z');
    expect(s.toDate).toBe('2025-06-08T00:00:00.000Z');
    // T1, T2, T5, T6, T7.
    expect(s.recharges).toBe(5);
    expect(s.energy.consumption).toBe(35.178);
  });

  it('sums, with a date-only period in Brasília, equal the 00:00:00–23:59:59 period', async () => {
    const a = await get(operator, 'sums', 'fromDate=2025-06-01&toDate=2025-06-07&timeZone=America/Sao_Paulo');
    const b = await get(operator, 'sums', WEEK);
    expect(a).toEqual(b);
  });

  it('sums, for an administrator, add estimated cost and income in the own currency and list each currency', async () => {
    const s = await get(admin, 'sums', WEEK);
    expect(s.recharges).toBe(6);
    expect(s.usersCharged).toBe(4);
    expect(s.cost).toBe(900 + 400 + 1235 + 0);
    expect(s.income).toBe(2415 + 2504 + 0 + 1000);
    expect(s.byCurrency).toEqual([
      { coin: 'BRL', cost: 2535, income: 5919 },
      { coin: 'COP', cost: 0, income: 3_213_000 },
    ]);
  });

  it('sums, for a priced recharge, use the billing module’s composition instead of the estimate', async () => {
    const a = await stationPk(t, 'DASH-A');
    const tx = await t.db
      .selectFrom('transactions')
      .select(['transaction_pk', 'tenant_pk'])
      .where('charge_box_pk', '=', a)
      .where('start_timestamp', '=', brt('2025-06-01T00:30'))
      .executeTakeFirstOrThrow();
    const before = await get(admin, 'sums', WEEK);
    // Priced as the billing module would, with a voucher the estimate cannot know (out of its queue first).
    await t.db.deleteFrom('billing_queue').where('transaction_pk', '=', tx.transaction_pk).execute();
    await t.db.deleteFrom('transaction_billing').where('transaction_pk', '=', tx.transaction_pk).execute();
    await sql`
      insert into transaction_billing (transaction_pk, tenant_pk, charge_box_pk, start_timestamp, currency, has_payment, priceless,
                                       energy_wh, duration_seconds, start_fee, energy_amount, operational_fee, voucher_discount, tax,
                                       total, cost, tariff)
      select t.transaction_pk, t.tenant_pk, t.charge_box_pk, t.start_timestamp, 'BRL', true, false, 10000, 3600, 300, 2000, 0, 1000, 65,
             1365, 900, '{}'::jsonb
        from transactions t where t.transaction_pk = ${tx.transaction_pk}`.execute(t.db);
    try {
      const after = await get(admin, 'sums', WEEK);
      expect(before.income - after.income).toBe(2415 - 1365);
      expect(after.cost).toBe(before.cost);
    } finally {
      await t.db.deleteFrom('transaction_billing').where('transaction_pk', '=', tx.transaction_pk).execute();
      await sql`insert into billing_queue (transaction_pk) values (${tx.transaction_pk}) on conflict do nothing`.execute(t.db);
    }
  });

  it('sums, for users without the permission and the role, leave cost and income out', async () => {
    const withRouteOnly = await aDashboardUser(t, {
      email: 'fin-route@move.com.br',
      password: 'Fin@2026x',
      tenant: 'move',
      routes: ['/', '/financial-indicators'],
    });
    const withBoth = await aDashboardUser(t, {
      email: 'fin-both@move.com.br',
      password: 'Fin@2026x',
      tenant: 'move',
      routes: ['/', '/financial-indicators'],
    });
    const profile = await t.db
      .selectFrom('users')
      .select('profile_pk')
      .where('email', '=', 'fin-both@move.com.br')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('access_profile_entries')
      .values({ profile_pk: profile.profile_pk!, route: null, role_id: roles.financialIndicators, status: true })
      .execute();

    const routeOnly = await get(await loginAs(t.app, withRouteOnly), 'sums', WEEK);
    expect(routeOnly).not.toHaveProperty('cost');
    // The Terpel operator holds the role but not the /financial-indicators key.
    const roleOnly = await get(terpel, 'sums', WEEK);
    expect(roleOnly).not.toHaveProperty('income');
    const both = await get(await loginAs(t.app, withBoth), 'sums', WEEK);
    // Move's scope: T1, T5, T6 (T3 is Sol's).
    expect(both).toMatchObject({ cost: 900 + 1235, income: 2415 + 1000 });
  });

  it('sums, for the Terpel operator, cover only Terpel’s recharges', async () => {
    const s = await get(terpel, 'sums', WEEK);
    expect(s.recharges).toBe(1);
    expect(s.energy).toMatchObject({ consumption: 20, coin: 'COP' });
  });

  it('sums, for a Colombian tenant, count the CO2 against the Colombian grid; a factor the tenant sets wins', async () => {
    const s = await get(terpel, 'sums', WEEK);
    // 6.5 km × 0.1216 kg = 0.7904 kg per kWh of petrol, less 0.2595 of the Colombian grid = 0.5309; × 20 kWh = 10.618.
    expect(s.envIndicator).toEqual({ co2Saved: 10.6, gridKgCo2PerKwh: 0.2595, gridSource: 'EMBER_2023' });
    expect(s.energy).toMatchObject({ cultivatedTree: 0, treePercentageGoal: 0.4818 }); // 10.6 / 22 = 0.48181…

    await t.db.updateTable('tenants').set({ grid_co2_kg_per_kwh: 0 }).where('alias', '=', 'terpel').execute();
    try {
      const own = await get(terpel, 'sums', WEEK);
      expect(own.envIndicator).toEqual({ co2Saved: 15.8, gridKgCo2PerKwh: 0, gridSource: 'TENANT' }); // 0.7904 × 20 = 15.808
    } finally {
      await t.db.updateTable('tenants').set({ grid_co2_kg_per_kwh: null }).where('alias', '=', 'terpel').execute();
    }
  });

  it('sums and info, with a bad period, answer 400; before 2010-01-01, 400; without the home permission, 403', async () => {
    const ask = (token: string, q: string) => t.app.inject({ method: 'GET', url: `/api/stats/sums/?${q}`, headers: bearer(token) });
    expect((await ask(operator, 'fromDate=2025-06-08&toDate=2025-06-01')).statusCode).toBe(400);
    expect((await ask(operator, 'fromDate=2009-12-31&toDate=2025-06-01')).statusCode).toBe(400);
    expect((await ask(operator, 'fromDate=2025-02-30&toDate=2025-03-01')).statusCode).toBe(400);
    expect((await ask(operator, 'fromDate=yesterday')).statusCode).toBe(400);
    expect((await ask(operator, 'timeZone=Mars/Olympus')).statusCode).toBe(400);
    const tagsOnly = await aDashboardUser(t, { email: 'tags@move.com.br', password: 'Tags@2026x', tenant: 'move', routes: ['/ocpptags'] });
    const token = await loginAs(t.app, tagsOnly);
    expect((await ask(token, WEEK)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/info/', headers: bearer(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/info/' })).statusCode).toBe(401);
  });

  it('sums, without dates, cover the last 7 local days up to 23:59:59 today', async () => {
    const s = await get(operator, 'sums', 'timeZone=America/Sao_Paulo');
    const span = new Date(s.toDate).getTime() - new Date(s.fromDate).getTime();
    expect(span).toBe(7 * 86_400_000);
    expect(new Date(s.toDate).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(s.fromDate).getUTCHours()).toBe(3);
  });
});

describe('GET stats/info: users and stations by status group', () => {
  let t: T;
  let andes: string;
  const pk: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const viewer = await aDashboardUser(t, { email: 'painel@andescarga.ec', password: 'Painel@2026', tenant: 'andes', routes: ['/'] });
    andes = await loginAs(t.app, viewer);
    const andesPk = await tenantPk(t, 'andes');
    const driver1 = await userPk(t, 'conductor@andescarga.ec');
    const driver2 = (
      await t.db
        .insertInto('users')
        .values({
          tenant_pk: andesPk,
          email: 'segundo@andescarga.ec',
          first_name: 'Segundo',
          last_name: 'Conductor',
          role_label: 'driver',
          password_hash: null,
          phone: null,
          doc_type: null,
          doc_number: null,
          external_id: null,
          sex: null,
          profile_pk: null,
        })
        .returning('user_pk')
        .executeTakeFirstOrThrow()
    ).user_pk;

    const station = async (id: string, online: boolean, statuses: [string | null, ('MAINTENANCE' | 'UNAVAILABLE' | null)?][]) => {
      pk[id] = await aStation(t, { id, tenant: 'andes', connectors: statuses.length });
      for (const [i, [status, unusual]] of statuses.entries()) await connectorStatus(t, pk[id]!, i + 1, status, unusual ?? null);
      if (online) await markOnline(t, pk[id]!);
    };
    await station('G-CHARGING', true, [['Charging'], ['Available']]);
    await station('G-AVAILABLE', true, [['Available'], ['Faulted']]);
    await station('G-MAINT', true, [
      ['Available', 'MAINTENANCE'],
      ['Charging', 'UNAVAILABLE'],
    ]);
    await station('G-DOWN', true, [['Faulted'], ['Unavailable']]);
    await station('G-OFFLINE', false, [['Charging'], ['Available']]);
    await station('G-OFFLINE-MAINT', false, [['Available', 'MAINTENANCE'], [null]]);
    await station('G-BUSY-WINS', true, [['Available', 'MAINTENANCE'], ['Preparing']]);
    await station('G-NO-CONNECTORS', true, []);
    await station('G-DELETED', true, [['Available']]);
    await t.db.updateTable('charge_boxes').set({ deleted_at: new Date() }).where('charge_box_pk', '=', pk['G-DELETED']!).execute();
    await station('G-POINT', true, [['Available']]);
    await t.db.updateTable('charge_boxes').set({ origin: 'PLUG_SHARE' }).where('charge_box_pk', '=', pk['G-POINT']!).execute();

    const hourAgo = new Date(Date.now() - 3_600_000);
    // Driver 1 charges on a Charging connector: charging now.
    await aTransaction(t, { chargeBoxPk: pk['G-CHARGING']!, connectorId: 1, start: hourAgo, startWh: 0, userPk: driver1 });
    // Driver 2's open recharge is on a Faulted connector: not charging now (a lost stop), but charged this week.
    await aTransaction(t, { chargeBoxPk: pk['G-AVAILABLE']!, connectorId: 2, start: hourAgo, startWh: 0, userPk: driver2 });
  });
  afterAll(() => t.close());

  it('info, for an Andes viewer, groups stations by their connectors with manual statuses and offline stations applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/info/?timeZone=America/Guayaquil', headers: bearer(andes) });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json();
    // Demo ANDES-UIO-001 (offline, never reported) + the 8 stations above (deleted and PLUG_SHARE ones are not counted).
    expect(info.statusChargeBox).toEqual({
      total: 9,
      charging: 2, // G-CHARGING, G-BUSY-WINS
      available: 1, // G-AVAILABLE
      maintenance: 2, // G-MAINT (manual maintenance beats a manual unavailable), G-OFFLINE-MAINT (manual wins over offline)
      unavailable: 4, // G-DOWN, G-OFFLINE, G-NO-CONNECTORS, ANDES-UIO-001
    });
  });

  it('info, for an Andes viewer, counts users: 3 of the scope, 2 drivers, 1 charging now (50 %), 2 charged this week', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/info/?timeZone=America/Guayaquil', headers: bearer(andes) });
    expect(res.json()).toMatchObject({
      totalUsers: 3,
      usersRegistered: 2,
      usersCharging: 1,
      userChargingPercentage: 0.5,
      usersCharged: 2,
    });
  });

  it('info, for a period that ended before the users signed up, counts no registered users', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stats/info/?fromDate=2024-01-01&toDate=2024-01-31',
      headers: bearer(andes),
    });
    expect(res.json()).toMatchObject({ totalUsers: 0, usersRegistered: 0, userChargingPercentage: 0, usersCharged: 0 });
  });

  it('info, for the Sol operator, never counts Andes stations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/info/', headers: bearer(await loginAs(t.app, demo.operator)) });
    // The 7 demo stations of Sol and Move, all offline.
    expect(res.json().statusChargeBox).toEqual({ total: 7, charging: 0, available: 0, maintenance: 0, unavailable: 7 });
  });
});

describe('dashboard constants', () => {
  it('CO2 factor: 6.5 km per kWh × 0.1216 kg per petrol km − 0.0385 kg of the Brazilian grid = 0.7519 kg per kWh', () => {
    expect(CO2_AVOIDED_KG_PER_KWH).toBe(0.7519);
    expect(co2SavedKg(100)).toBe(75.2);
    // A grid dirtier than the petrol car saves nothing, never a negative amount.
    expect(co2SavedKg(100, 0.9)).toBe(0);
  });

  it('trees: 66 kg of CO2 are 3 trees and no progress; 77 kg are 3 trees and half of the next', () => {
    expect(treeGoal(66)).toEqual({ cultivatedTree: 3, treePercentageGoal: 0 });
    expect(treeGoal(77)).toEqual({ cultivatedTree: 3, treePercentageGoal: 0.5 });
    expect(treeGoal(0)).toEqual({ cultivatedTree: 0, treePercentageGoal: 0 });
  });

  it('charging percentage: a fraction, 0 without drivers, never above 1', () => {
    expect(chargingFraction(1, 3)).toBe(0.3333);
    expect(chargingFraction(1, 0)).toBe(0);
    expect(chargingFraction(5, 2)).toBe(1);
  });
});
