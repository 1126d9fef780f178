// @postgres planner: the graphs' query runs with jit off and parallel workers off (PostgreSQL settings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreClock, setClock } from '../../../test/helpers/clock';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { aStation, aTransaction, anEnergySample, userPk } from '../../../test/helpers/station-builders';
import { graphWindow } from './service';

const H = 3_600_000;
const M = 60_000;
/** Brasília: local = UTC − 3 h, so timeDiff (local → UTC) is 3. */
const TIME_DIFF = 3;

interface Graph {
  key: string;
  series: { x: string | number; y: number }[];
}

describe('GET stations/dashboard/graphs: the six charts against a hand-computed fixture', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let stationG: number;
  let driver: number;
  /** Local calendar day `daysAgo` before today (local), as YYYY-MM-DD. */
  let day: (daysAgo: number) => string;
  /** UTC instant of local wall-clock time hh:mm, `daysAgo` days before today. */
  let localAt: (daysAgo: number, hh: number, mm: number) => Date;

  const graphs = async (token: string, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stations/dashboard/graphs/?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { graphs: Graph[]; fromDate: string; toDate: string };
    return Object.fromEntries(body.graphs.map((g) => [g.key, g])) as Record<string, Graph> & { _body?: never };
  };
  const at = (g: Graph, x: string | number) => g.series.find((p) => p.x === x)?.y;

  beforeAll(async () => {
    // 15:00 in Brasília: every recharge "today" below has ended, and the days do not turn during the run.
    setClock('2026-06-16T18:00:00Z');
    t = await createTestApp();
    [admin, operator] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator)]);
    const localNow = new Date(Date.now() - TIME_DIFF * H);
    const today = Date.UTC(localNow.getUTCFullYear(), localNow.getUTCMonth(), localNow.getUTCDate());
    day = (n) => new Date(today - n * 24 * H).toISOString().slice(0, 10);
    localAt = (n, hh, mm) => new Date(today - n * 24 * H + hh * H + mm * M + TIME_DIFF * H);
    driver = await userPk(t, demo.driver.email);

    stationG = await aStation(t, { id: 'GRAPH-G', connectors: 2 });
    // T1: yesterday 23:30 local (02:30 UTC today) — the midnight edge; charged 20 min, plugged 30 min, 10 kWh.
    const t1 = await aTransaction(t, {
      chargeBoxPk: stationG,
      start: localAt(1, 23, 30),
      stop: localAt(0, 0, 0),
      startWh: 0,
      stopWh: 10_000,
    });
    await anEnergySample(t, { transactionPk: t1, at: localAt(1, 23, 40), value: 6_000 });
    await anEnergySample(t, { transactionPk: t1, at: localAt(1, 23, 50), value: 10_000 });
    await anEnergySample(t, { transactionPk: t1, at: localAt(0, 0, 0), value: 10_000 });
    // T2: yesterday 10:15 local; charged 90 min (register in kWh), plugged 3 h, 20 kWh.
    const t2 = await aTransaction(t, {
      chargeBoxPk: stationG,
      connectorId: 2,
      start: localAt(1, 10, 15),
      stop: localAt(1, 13, 15),
      startWh: 0,
      stopWh: 20_000,
    });
    await anEnergySample(t, { transactionPk: t2, at: localAt(1, 11, 0), value: 12, unit: 'kWh' });
    await anEnergySample(t, { transactionPk: t2, at: localAt(1, 11, 45), value: 20, unit: 'kWh' });
    await anEnergySample(t, { transactionPk: t2, at: localAt(1, 13, 15), value: 20, unit: 'kWh' });
    // T3: today 08:00 local, 5 h, no samples (charging = stay = 5 h), 5 kWh.
    await aTransaction(t, { chargeBoxPk: stationG, start: localAt(0, 8, 0), stop: localAt(0, 13, 0), startWh: 100, stopWh: 5_100 });
    // T4: today 09:10 local, still running: 1.5 kWh so far (register 2.5 kWh, meter start 1000 Wh).
    const t4 = await aTransaction(t, { chargeBoxPk: stationG, connectorId: 2, start: localAt(0, 9, 10), startWh: 1_000 });
    await anEnergySample(t, { transactionPk: t4, at: localAt(0, 9, 20), value: 2.5, unit: 'kWh' });
    // T7: two days ago 14:00 local, 3 h, 30 kWh, by the demo driver.
    await aTransaction(t, {
      chargeBoxPk: stationG,
      start: localAt(2, 14, 0),
      stop: localAt(2, 17, 0),
      startWh: 0,
      stopWh: 30_000,
      userPk: driver,
    });
    // T5: ten days ago — outside the 7-day window.
    await aTransaction(t, { chargeBoxPk: stationG, start: localAt(10, 12, 0), stop: localAt(10, 13, 0), startWh: 0, stopWh: 99_000 });
    // T6: a Terpel station today — outside the Sol operator's scope.
    const terpelStation = await aStation(t, { id: 'GRAPH-T', tenant: 'terpel' });
    await aTransaction(t, { chargeBoxPk: terpelStation, start: localAt(0, 7, 0), stop: localAt(0, 7, 30), startWh: 0, stopWh: 1_000 });
  });
  afterAll(async () => {
    await t.close();
    restoreClock();
  });

  it('graphs, for one station over 7 days in Brasília time, answer the six hand-computed series', async () => {
    const g = await graphs(operator, `days=7&stationId=${stationG}&timeDiff=${TIME_DIFF}`);
    const days = [6, 5, 4, 3, 2, 1, 0].map(day);
    expect(Object.keys(g)).toEqual(['recharges', 'duration', 'energy', 'autonomy', 'lengthOfStay', 'popularHours']);
    expect(g.recharges!.series).toEqual(days.map((x, i) => ({ x, y: [0, 0, 0, 0, 1, 2, 2][i] })));
    expect(g.energy!.series).toEqual(days.map((x, i) => ({ x, y: [0, 0, 0, 0, 30, 30, 6.5][i] })));
    expect(g.autonomy!.series).toEqual(days.map((x, i) => ({ x, y: [0, 0, 0, 0, 195, 195, 42.3][i] })));
    expect(g.lengthOfStay!.series).toEqual(days.map((x, i) => ({ x, y: [0, 0, 0, 0, 3, 1.75, 5][i] })));
    expect(g.duration!.series).toEqual([
      { x: '<1h', y: 1 },
      { x: '1h-2h', y: 1 },
      { x: '2h-4h', y: 1 },
      { x: '>4h', y: 1 },
    ]);
    expect(g.popularHours!.series).toHaveLength(24);
    expect(g.popularHours!.series.filter((p) => p.y > 0)).toEqual([
      { x: 8, y: 1 },
      { x: 9, y: 1 },
      { x: 10, y: 1 },
      { x: 14, y: 1 },
      { x: 23, y: 1 },
    ]);
    expect(g.recharges).toMatchObject({ title: 'Recharges', tooltip: expect.any(String), className: expect.stringContaining('recharges') });
  });

  it('graphs, in UTC (timeDiff 0), put the 23:30 local recharge on the next day at 02h', async () => {
    const g = await graphs(operator, `days=7&stationId=${stationG}&timeDiff=0`);
    expect(at(g.popularHours!, 2)).toBe(1);
    expect(at(g.popularHours!, 23)).toBe(0);
    // T1 started at 02:30 UTC: on the UTC axis it is counted on that UTC date.
    const t1Day = localAt(1, 23, 30).toISOString().slice(0, 10);
    expect(at(g.recharges!, t1Day)).toBeGreaterThanOrEqual(1);
  });

  it('graphs, for one driver, count only that driver’s recharges', async () => {
    const g = await graphs(operator, `days=7&userId=${driver}&timeDiff=${TIME_DIFF}`);
    expect(g.recharges!.series.reduce((s, p) => s + p.y, 0)).toBe(1);
    expect(at(g.recharges!, day(2))).toBe(1);
  });

  it('graphs, without a station, cover the caller’s scope only', async () => {
    const sol = await graphs(operator, `days=7&timeDiff=${TIME_DIFF}`);
    expect(at(sol.recharges!, day(0))).toBe(2);
    const all = await graphs(admin, `days=7&timeDiff=${TIME_DIFF}`);
    expect(at(all.recharges!, day(0))).toBe(3);
  });

  it('graphs, over 28 and 365 days, include older recharges and answer one point per day', async () => {
    const g28 = await graphs(operator, `days=28&stationId=${stationG}&timeDiff=${TIME_DIFF}`);
    expect(g28.recharges!.series).toHaveLength(28);
    expect(at(g28.energy!, day(10))).toBe(99);
    const g365 = await graphs(operator, `days=365&stationId=${stationG}&timeDiff=${TIME_DIFF}`);
    expect(g365.recharges!.series).toHaveLength(365);
    expect(g365.recharges!.series.reduce((s, p) => s + p.y, 0)).toBe(6);
  });

  it('graphs, for a station of another tenant, answer 404; with days other than 7, 28, 365, 400', async () => {
    const terpelStation = (
      await t.db.selectFrom('charge_boxes').select('charge_box_pk').where('charge_box_id', '=', 'GRAPH-T').executeTakeFirstOrThrow()
    ).charge_box_pk;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stations/dashboard/graphs?days=7&stationId=${terpelStation}`,
      headers: bearer(operator),
    });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/stations/dashboard/graphs?days=5', headers: bearer(operator) });
    expect(bad.statusCode).toBe(400);
  });

  it('graphs, for a user without indicators, stations or home permission, answer 403', async () => {
    const u = await aDashboardUser(t, { email: 'tags-only@move.com.br', password: 'Tags@2026', tenant: 'move', routes: ['/ocpptags'] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stations/dashboard/graphs?days=7',
      headers: bearer(await loginAs(t.app, u)),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('graph window', () => {
  it('the window, at 01:00 UTC in Brasília time, ends on the previous UTC date (local today) and spans whole local days', () => {
    const now = Date.UTC(2026, 0, 10, 1, 0); // 22:00 on 9 Jan in Brasília
    const w = graphWindow(7, 3, now);
    expect(w.days).toEqual(['2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09']);
    expect(w.from.toISOString()).toBe('2026-01-03T03:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-01-10T03:00:00.000Z');
  });
});
