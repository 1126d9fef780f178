// @postgres concurrency, planner: recharges of one hour stopping at once (lock_timeout), roll-up triggers against the rows.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreClock, setClock } from '../../../test/helpers/clock';
import { createTestApp, demo, type TestApp } from '../../../test/helpers/test-app';
import type { DB } from '../../db/db';
import type { TenantScope } from '../../platform/auth/context';
import { graphFigures, usesRollups, type GraphFigures, type GraphWindow } from '../station-graphs/repository';
import { graphWindow } from '../station-graphs/service';
import { aStation, aTransaction, anEnergySample, userPk } from '../../../test/helpers/station-builders';
import { foldHourly, moneyByCurrency, periodSums, type Period } from './repository';

/**
 * The roll-ups of 0007_stats_rollups.sql (with the hourly deltas of 0011) against the rows: every
 * figure read through them (the default) must equal the same figure read from the rows alone, and
 * the roll-up tables kept by the triggers must equal a rebuild from the rows, after every kind of
 * change.
 */

const H = 3_600_000;
const D = 24 * H;

describe('stats roll-ups: the same answers as the rows', () => {
  let t: TestApp;
  let sol: TenantScope;
  let move: TenantScope;
  let platform: TenantScope;
  let driver: number;
  let solStation: number;
  let moveStation: number;
  let terpelStation: number;

  const scopeOf = async (alias: string): Promise<TenantScope> => {
    const root = await t.db.selectFrom('tenants').select(['tenant_pk', 'path']).where('alias', '=', alias).executeTakeFirstOrThrow();
    const all = await t.db.selectFrom('tenants').select('tenant_pk').where('path', 'like', `${root.path}%`).orderBy('tenant_pk').execute();
    return { tenantPk: root.tenant_pk, path: root.path, tenantPks: all.map((r) => r.tenant_pk) };
  };

  /** The last 365 local days in Brasília (timeDiff 3), as the charts and the home cards ask. */
  const year = (): Period => {
    const w = graphWindow(365, 3);
    return { from: w.from, to: w.to };
  };
  const chartsWindow = (days: number, timeDiff: number, extra: Partial<GraphWindow> = {}): GraphWindow => {
    const w = graphWindow(days, timeDiff);
    return { from: w.from, to: w.to, timeDiff, ...extra };
  };
  /** UTC instant of Brasília wall-clock hh:mm, `daysAgo` local days before today. */
  const brt = (daysAgo: number, hh: number, mm: number) => {
    const localNow = new Date(Date.now() - 3 * H);
    const today = Date.UTC(localNow.getUTCFullYear(), localNow.getUTCMonth(), localNow.getUTCDate());
    return new Date(today - daysAgo * D + hh * H + mm * 60_000 + 3 * H);
  };

  const sorted = (g: GraphFigures) => ({
    perDay: [...g.perDay].sort((a, b) => a.day.localeCompare(b.day)),
    perHour: [...g.perHour].sort((a, b) => a.hour - b.hour),
    buckets: g.buckets,
  });

  async function expectSameSums(scope: TenantScope, p: Period) {
    const [viaRollups, viaRows, moneyRollups, moneyRows] = await Promise.all([
      periodSums(t.db, scope, p, 'rollups'),
      periodSums(t.db, scope, p, 'rows'),
      moneyByCurrency(t.db, scope, p, 'rollups'),
      moneyByCurrency(t.db, scope, p, 'rows'),
    ]);
    expect(viaRollups).toEqual(viaRows);
    expect(moneyRollups).toEqual(moneyRows);
    return { ...viaRows, money: moneyRows };
  }

  async function expectSameCharts(scope: TenantScope, w: GraphWindow) {
    const viaRollups = sorted(await graphFigures(t.db, scope, w, 'rollups'));
    const viaRows = sorted(await graphFigures(t.db, scope, w, 'rows'));
    expect(viaRollups).toEqual(viaRows);
    return viaRows;
  }

  /** The roll-up tables with every delta folded in (a fold changes no figure: everything() reads deltas too). */
  async function rollupTables() {
    await foldHourly(t.db);
    const [hourly, money, days] = await Promise.all([
      sql`select * from stats_hourly order by scope_pk, hour`.execute(t.db),
      sql`select * from stats_hourly_money order by scope_pk, hour, currency`.execute(t.db),
      sql`select scope_pk, user_pk, days::text as days from stats_user_days order by scope_pk, user_pk`.execute(t.db),
    ]);
    return { hourly: hourly.rows, money: money.rows, days: days.rows };
  }

  /** What the triggers kept equals a rebuild from the rows. */
  async function expectRollupsEqualRebuild() {
    const kept = await rollupTables();
    await sql`select stats_rollups_rebuild()`.execute(t.db);
    expect(kept).toEqual(await rollupTables());
  }

  const everything = async () => {
    for (const scope of [platform, sol, move]) {
      await expectSameSums(scope, year());
      await expectSameCharts(scope, chartsWindow(365, 3));
      await expectSameCharts(scope, chartsWindow(28, 0));
    }
  };

  beforeAll(async () => {
    // A fixed day: the windows and their whole hours are the same whenever the suite runs.
    setClock('2026-06-16T18:00:00Z');
    t = await createTestApp();
    [sol, move, platform] = await Promise.all([scopeOf('sol'), scopeOf('move'), scopeOf('recarga')]);
    driver = await userPk(t, demo.driver.email);
    solStation = await aStation(t, { id: 'ROLLUP-SOL', tenant: 'sol', connectors: 2 });
    moveStation = await aStation(t, { id: 'ROLLUP-MOVE', tenant: 'move' });
    terpelStation = await aStation(t, { id: 'ROLLUP-TERPEL', tenant: 'terpel' });
  });
  afterAll(async () => {
    await t.close();
    restoreClock();
  });

  it('a recharge over a 365-day period, when inserted, sampled, stopped, sampled late, moved, priced, re-priced and deleted, reads the same through the roll-ups as from the rows at every step', async () => {
    // Arrange: a neighbour recharge of the same driver on the same UTC day, which must keep the day.
    await aTransaction(t, {
      chargeBoxPk: solStation,
      connectorId: 2,
      start: brt(200, 8, 0),
      stop: brt(200, 9, 0),
      stopWh: 4_000,
      userPk: driver,
    });

    // Inserted (running: read from the rows), then sampled.
    const tx = await aTransaction(t, { chargeBoxPk: solStation, start: brt(200, 10, 15), startWh: 1_000, userPk: driver });
    await everything();
    await anEnergySample(t, { transactionPk: tx, at: brt(200, 10, 45), value: 5_000 });
    await everything();

    // Stopped: now in the roll-up (3 h 30 of stay; the register reached 21 kWh at the stop: > 2 h of charging).
    await t.db
      .updateTable('transactions')
      .set({
        stop_timestamp: brt(200, 13, 45),
        stop_value_wh: 21_000,
        energy_wh: 20_000,
        stop_reason: 'Local',
        stop_event_actor: 'station',
      })
      .where('transaction_pk', '=', tx)
      .execute();
    const stopped = await expectSameSums(sol, year());
    expect(stopped.recharges).toBeGreaterThanOrEqual(2);
    let charts = await expectSameCharts(sol, chartsWindow(365, 3));
    const bucketsAtStop = charts.buckets;
    await expectRollupsEqualRebuild();

    // A sample received after the stop says the register reached 21 kWh at 11:00: 45 min of charging.
    await anEnergySample(t, { transactionPk: tx, at: brt(200, 11, 0), value: 21, unit: 'kWh' });
    charts = await expectSameCharts(sol, chartsWindow(365, 3));
    expect(charts.buckets[0]).toBe(bucketsAtStop[0]! + 1);
    await expectRollupsEqualRebuild();
    // And deleted again (a retention purge): back to the stop.
    await sql`delete from meter_values where transaction_pk = ${tx} and value = 21`.execute(t.db);
    expect((await expectSameCharts(sol, chartsWindow(365, 3))).buckets).toEqual(bucketsAtStop);
    await expectRollupsEqualRebuild();

    // Moved three days earlier (a corrected clock).
    await t.db
      .updateTable('transactions')
      .set({ start_timestamp: brt(203, 10, 15), stop_timestamp: brt(203, 13, 45) })
      .where('transaction_pk', '=', tx)
      .execute();
    await everything();
    await expectRollupsEqualRebuild();

    // Priced, then re-priced.
    await t.db.deleteFrom('billing_queue').where('transaction_pk', '=', tx).execute();
    await sql`
      insert into transaction_billing (transaction_pk, tenant_pk, charge_box_pk, start_timestamp, currency, has_payment, priceless,
                                       energy_wh, duration_seconds, start_fee, energy_amount, operational_fee, voucher_discount, tax,
                                       total, cost, tariff)
      select t.transaction_pk, t.tenant_pk, t.charge_box_pk, t.start_timestamp, 'BRL', true, false, 20000, 12600, 300, 4000, 0, 0, 0,
             4300, 1500, '{}'::jsonb
        from transactions t where t.transaction_pk = ${tx}`.execute(t.db);
    const priced = await expectSameSums(sol, year());
    await t.db.updateTable('transaction_billing').set({ total: 3300, cost: 1200 }).where('transaction_pk', '=', tx).execute();
    const repriced = await expectSameSums(sol, year());
    const brl = (m: typeof priced.money) => m.find((x) => x.coin === 'BRL')!;
    expect(brl(priced.money).income - brl(repriced.money).income).toBe(1000);
    expect(brl(priced.money).cost - brl(repriced.money).cost).toBe(300);
    await expectRollupsEqualRebuild();

    // Deleted (its samples and price go with it by cascade); the neighbour keeps the driver counted.
    await t.db.deleteFrom('transactions').where('transaction_pk', '=', tx).execute();
    const deleted = await expectSameSums(sol, year());
    expect(deleted.recharges).toBe(stopped.recharges - 1);
    expect(deleted.usersCharged).toBe(stopped.usersCharged);
    await everything();
    await expectRollupsEqualRebuild();
  });

  it('a recharge at 23:30 and one at 00:30 local, around Brasília midnight, fall on their own local days through the roll-ups as from the rows', async () => {
    await aTransaction(t, { chargeBoxPk: moveStation, start: brt(5, 23, 30), stop: brt(4, 0, 10), stopWh: 7_000, userPk: driver });
    await aTransaction(t, { chargeBoxPk: moveStation, start: brt(4, 0, 30), stop: brt(4, 2, 0), stopWh: 9_000 });
    const w = chartsWindow(7, 3);
    expect(usesRollups(w, 'rollups')).toBe(true);
    const charts = await expectSameCharts(move, w);
    const day = (n: number) => new Date(brt(n, 12, 0).getTime() - 3 * H).toISOString().slice(0, 10);
    expect(charts.perDay.find((d) => d.day === day(5))).toMatchObject({ recharges: 1, wh: 7_000 });
    expect(charts.perDay.find((d) => d.day === day(4))).toMatchObject({ recharges: 1, wh: 9_000 });
    expect(charts.perHour).toEqual([
      { hour: 0, n: 1 },
      { hour: 23, n: 1 },
    ]);
    // The same recharges on the UTC axis, and on a half-hour axis (India, read from the rows).
    await expectSameCharts(move, chartsWindow(7, 0));
    const india = chartsWindow(7, -5.5);
    expect(usesRollups(india, 'rollups')).toBe(false);
    await expectSameCharts(move, india);
  });

  it('a period with partial hours at both edges (Kolkata midnight, to the second), read through the roll-ups, counts only the recharges inside it, like the rows', async () => {
    // 18:30 UTC is midnight in Kolkata: one recharge 15 min before, one 15 min after, in the same UTC hour.
    const midnight = new Date(Math.floor((Date.now() - 60 * D) / D) * D + 18.5 * H);
    await aTransaction(t, {
      chargeBoxPk: moveStation,
      start: new Date(midnight.getTime() - 15 * 60_000),
      stop: new Date(midnight.getTime() + H),
      stopWh: 1_000,
      userPk: driver,
    });
    await aTransaction(t, {
      chargeBoxPk: moveStation,
      start: new Date(midnight.getTime() + 15 * 60_000),
      stop: new Date(midnight.getTime() + H),
      stopWh: 2_000,
    });
    const p = { from: midnight, to: new Date(midnight.getTime() + 35 * D + 1_000) };
    const sums = await expectSameSums(move, p);
    const wider = await expectSameSums(move, { from: new Date(midnight.getTime() - H), to: p.to });
    expect(wider.recharges - sums.recharges).toBe(1);
    expect(wider.wh - sums.wh).toBe(1_000);
    expect(wider.usersCharged).toBeGreaterThanOrEqual(1);
  });

  it('a child tenant’s recharges, for the parent’s scope, count in the parent’s roll-up and never in a sibling’s', async () => {
    const start = brt(30, 15, 0);
    const before = {
      platform: await expectSameSums(platform, year()),
      sol: await expectSameSums(sol, year()),
      move: await expectSameSums(move, year()),
    };
    await aTransaction(t, { chargeBoxPk: moveStation, start, stop: new Date(start.getTime() + H), stopWh: 3_000 });
    await aTransaction(t, { chargeBoxPk: terpelStation, start, stop: new Date(start.getTime() + H), stopWh: 5_000 });
    const after = {
      platform: await expectSameSums(platform, year()),
      sol: await expectSameSums(sol, year()),
      move: await expectSameSums(move, year()),
    };
    expect(after.move.wh - before.move.wh).toBe(3_000);
    expect(after.sol.wh - before.sol.wh).toBe(3_000); // Move is Sol's child; Terpel is a sibling
    expect(after.platform.wh - before.platform.wh).toBe(8_000);
    await everything();
    await expectRollupsEqualRebuild();
  });

  it('a tenant moved to another parent, with recharges, takes them out of the old parent’s roll-up and into the new one', async () => {
    const terpel = await scopeOf('terpel');
    const moveRow = await t.db
      .selectFrom('tenants')
      .select(['tenant_pk', 'path', 'parent_tenant_pk'])
      .where('alias', '=', 'move')
      .executeTakeFirstOrThrow();
    const solBefore = await expectSameSums(sol, year());
    const moveSums = await expectSameSums(move, year());
    try {
      await t.db
        .updateTable('tenants')
        .set({ parent_tenant_pk: terpel.tenantPk, path: `${terpel.path}${moveRow.tenant_pk}/` })
        .where('tenant_pk', '=', moveRow.tenant_pk)
        .execute();
      const terpelNow = await scopeOf('terpel');
      const solNow = await scopeOf('sol');
      const solAfter = await expectSameSums(solNow, year());
      await expectSameSums(terpelNow, year());
      expect(solBefore.recharges - solAfter.recharges).toBe(moveSums.recharges);
      await expectRollupsEqualRebuild();
    } finally {
      await t.db
        .updateTable('tenants')
        .set({ parent_tenant_pk: moveRow.parent_tenant_pk, path: moveRow.path })
        .where('tenant_pk', '=', moveRow.tenant_pk)
        .execute();
    }
    await expectSameSums(await scopeOf('sol'), year());
  });

  it('the drivers of a long period in the past: each counted once, those who charged only before or after it (or around it) not at all, those of its partial first day added', async () => {
    // 2025-03-01 12:00 to 2025-04-11 06:00 UTC: whole days 2 March to 10 April, partial edges around them.
    const p: Period = { from: new Date('2025-03-01T12:00:00Z'), to: new Date('2025-04-11T06:00:00Z') };
    const terpel = await scopeOf('terpel');
    const [admin, operator, owner, terpelUser] = await Promise.all(
      [demo.admin, demo.operator, demo.owner, demo.terpel].map((u) => userPk(t, u.email)),
    );
    const charge = (user: number, at: string) =>
      aTransaction(t, {
        chargeBoxPk: terpelStation,
        start: new Date(at),
        stop: new Date(new Date(at).getTime() + H),
        stopWh: 1_000,
        userPk: user,
      });
    const before = (await expectSameSums(terpel, p)).usersCharged;

    await charge(admin, '2025-02-20T10:00:00Z'); // before only: out
    await charge(operator, '2025-03-20T10:00:00Z'); // inside, and after: in, once
    await charge(operator, '2025-04-14T10:00:00Z');
    await charge(owner, '2025-02-25T10:00:00Z'); // before and after, nothing inside: out
    await charge(owner, '2025-04-14T10:00:00Z');
    await charge(terpelUser, '2025-04-13T10:00:00Z'); // after only: out
    await charge(driver, '2025-03-01T15:00:00Z'); // the partial first day, and after: in
    await charge(driver, '2025-04-12T10:00:00Z');

    expect(before).toBe(0);
    expect((await expectSameSums(terpel, p)).usersCharged).toBe(2);
    await expectRollupsEqualRebuild();
  });
});

// Two connections hold two transactions open at once: PostgreSQL only (PGlite has one connection).
describe.skipIf(!process.env.TEST_DATABASE_URL)('stats roll-ups: recharges of one tenant and hour stopping at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a stop commits while another stop of the same tenant and hour is uncommitted (no roll-up row lock between them); both are counted', async () => {
    // Arrange: two running recharges of Sol that started in the same UTC hour
    const station = await aStation(t, { id: 'FOLD-SOL', tenant: 'sol', connectors: 2 });
    const sol = await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'sol').executeTakeFirstOrThrow();
    const hour = new Date(Math.floor(Date.now() / H) * H - 2 * H);
    const start = new Date(hour.getTime() + 5 * 60_000);
    const first = await aTransaction(t, { chargeBoxPk: station, connectorId: 1, start, userPk: null });
    const second = await aTransaction(t, { chargeBoxPk: station, connectorId: 2, start, userPk: null });
    const stop = (db: Kysely<DB>, pk: number) =>
      db
        .updateTable('transactions')
        .set({
          stop_timestamp: new Date(start.getTime() + 30 * 60_000),
          stop_value_wh: 5_000,
          energy_wh: 5_000,
          stop_reason: 'Local',
          stop_event_actor: 'station',
        })
        .where('transaction_pk', '=', pk)
        .execute();
    const hourRow = async () => {
      await foldHourly(t.db);
      const res = await sql<{ recharges: number; energy_wh: number }>`
        select recharges, energy_wh from stats_hourly where scope_pk = ${sol.tenant_pk} and hour = ${hour}`.execute(t.db);
      const row = res.rows[0];
      return { recharges: Number(row?.recharges ?? 0), wh: Number(row?.energy_wh ?? 0) };
    };
    const before = await hourRow();

    // Act: the first stop written and not committed; the second stop gives up after 2 s of waiting
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const firstWritten = new Promise<void>((r) => (written = r));
    const firstCommit = t.db.transaction().execute(async (trx) => {
      await stop(trx, first);
      written();
      await held;
    });
    await firstWritten;
    const started = Date.now();
    const secondCommit = t.db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = '2s'`.execute(trx);
      await stop(trx, second);
    });
    const outcome = await secondCommit.then(
      () => 'committed',
      (err: Error) => err.message,
    );
    const waitedMs = Date.now() - started;
    release();
    await firstCommit;

    // Assert
    expect(outcome).toBe('committed');
    expect(waitedMs).toBeLessThan(1_000);
    expect(await hourRow()).toEqual({ recharges: before.recharges + 2, wh: before.wh + 10_000 });
  });
});
