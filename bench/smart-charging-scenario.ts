/**
 * Smart-charging scenario: does the load manager keep a building under its breaker, and does it
 * use the breaker well? Recarga runs in this process on a PostgreSQL database; 10 simulated
 * chargers (one 22 kW three-phase connector each) sit behind a 100 A breaker with a building whose
 * own load follows a daily curve of 20-60 A per phase, accelerated so one run covers a whole day.
 * Cars arrive and leave at random (seeded), a meter in the chargers' circuit reports base load plus
 * chargers every 5 s over HTTP, the stations report each car's Current.Import every 60 s (the
 * field's usual MeterValueSampleInterval), cars take 30 s to follow a raise (5 s a cut, as IEC
 * 61851-1 asks), the meter drops out for a minute, and one station rejects every charging profile.
 * --building-steps adds sudden jumps of the building's load. With --nodes 2 (and NATS_URL) two Recarga nodes share the database over a NATS
 * bus: one holds the load manager's lease, the stations are split between them. Prints, per run:
 *
 *   - the highest total current seen on each phase,
 *   - the seconds spent above the breaker, and those beyond one control period per excursion (goal 0),
 *   - the share of the breaker used while the cars' demand exceeds what is left of it (goal >= 90 % of
 *     what the rules let the load manager hand out: the breaker less the unused rating of a rejecting
 *     station holding a car), and the same of the whole breaker,
 *   - the charging-profile commands the stations received per minute,
 *   - limit changes per car per minute (a car's first limit is not a change; goal <= 1),
 *   - pauses per car per hour, and pauses of a car that had room (goal 0): the breaker less the
 *     margin, the building (at the configured worst case while the meter is silent, as the failsafe
 *     takes it) and a rejecting station's rating, shared by the cars plugged in, gave each at least
 *     6 A when it was paused,
 *   - utilisation (goal >= 85 %): the share of what the rules allow the cars that the breaker
 *     carries while their demand exceeds it — the breaker less the margin, a rejecting station's
 *     unused rating and, while the meter is silent, the worst case above the real building.
 *
 *   createdb -h 127.0.0.1 -U postgres recarga_bench_smart
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_bench_smart npx tsx bench/smart-charging-scenario.ts
 *
 * The scenario migrates the database, adds its stations (SC-BENCH-01..), tags and meter itself,
 * and replaces its virtual group on every run. --no-smart runs the same scenario with no load
 * manager: the figures to compare with. Figures, not a pass/fail test.
 */
import { setMaxListeners } from 'node:events';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { roles } from '@recarga/contracts/permissions';
import { ElectricVehicle } from '@recarga/simulator/electric-vehicle';
import { fleetIds, startFleet, type FleetHandle } from '@recarga/simulator/fleet';
import { SimulatedMeter } from '@recarga/simulator/meter';
import { HttpMeterPublisher } from '@recarga/simulator/meter-publishers';
import { addPhaseCurrents, type PhaseCurrents } from '@recarga/simulator/phase-currents';
import { Random } from '@recarga/simulator/random';
import type { SimulatedStation } from '@recarga/simulator/station';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { benchDatabaseUrl, benchUserHeaders, startBenchApp } from './bench-app';

const USAGE = `Smart-charging scenario

  DATABASE_URL=postgres://... npx tsx bench/smart-charging-scenario.ts [options]

  --chargers <n>          simulated chargers, one 22 kW three-phase connector each (default 10, at most 99)
  --breaker <A>           breaker rating per phase (default 100)
  --base-load <min-max>   the building's own load per phase, A (default 20-60)
  --duration <s>          real seconds the scenario runs (default 600)
  --time-scale <x>        speed of the building's clock (default: one day per run, 86400 / duration)
  --meter-every <s>       seconds between meter readings (default 5)
  --station-meter-every <s>  MeterValueSampleInterval of the stations (default 60, the field's usual)
  --follow <s>            seconds a car takes to follow a raise of its whole rating (default 30; a cut
                          takes at most 5 s, as IEC 61851-1 asks)
  --building-steps <A>    sudden jumps of the building's load: +A on every phase for 60 s, every 150 s
                          from 75 s on (default 0: none)
  --idle <s>              mean time a charger stays free between sessions (default 40)
  --session <s>           mean session length (default 150, at least 30)
  --dropout-at <s>        when the meter goes silent (default 40 % into the run)
  --dropout-for <s>       how long it stays silent (default 60, at most a quarter of the run; 0 for none)
  --rejecting <n>         stations that reject every charging profile (default 1)
  --control-period <s>    the load manager's period: excursions above the breaker shorter than this
                          are what a closed loop cannot avoid (default 5)
  --nodes <n>             Recarga nodes sharing the database (default 1; 2 needs NATS_URL): the stations
                          alternate between them and the meter reports to the last, so limits and
                          readings cross the NATS bus to reach the node that runs the load manager
  --dead-band <A>         the group's dead band (default: the group's default, 1)
  --dwell <s>             the group's dwell (default: the group's default, 60)
  --seed <n>              seed of the cars and sessions (default 1)
  --trace                 print each excursion above the breaker as it ends (when, how long, how high, why it may be)
  --why                   while demand exceeds the breaker, print where its rating goes on the busiest phase, sample by
                          sample (used, margin, building over-estimated, hysteresis, paused cars, failsafe, rejecting
                          station, capped cars, cars taking less, draw factor, ramping), the cars' arrivals and
                          departures, and at the end each part's share of the breaker (whole run, meter on, dropout,
                          with and without a car at a rejecting station)
  --no-smart              no smart-charging record: the cars draw what they want (the baseline)
  --help
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        chargers: { type: 'string', default: '10' },
        breaker: { type: 'string', default: '100' },
        'base-load': { type: 'string', default: '20-60' },
        duration: { type: 'string', default: '600' },
        'time-scale': { type: 'string' },
        'meter-every': { type: 'string', default: '5' },
        'station-meter-every': { type: 'string', default: '60' },
        follow: { type: 'string', default: '30' },
        'building-steps': { type: 'string', default: '0' },
        idle: { type: 'string', default: '40' },
        session: { type: 'string', default: '150' },
        'dropout-at': { type: 'string' },
        'dropout-for': { type: 'string' },
        rejecting: { type: 'string', default: '1' },
        'control-period': { type: 'string', default: '5' },
        seed: { type: 'string', default: '1' },
        'dead-band': { type: 'string' },
        dwell: { type: 'string' },
        nodes: { type: 'string', default: '1' },
        'no-smart': { type: 'boolean', default: false },
        trace: { type: 'boolean', default: false },
        why: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (err) {
    fail((err as Error).message);
  }
})();
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

function numberOption(name: keyof typeof values, min: number, max: number, raw = values[name]): number {
  const n = Number(raw);
  if (raw === undefined || typeof raw !== 'string' || !Number.isFinite(n) || n < min || n > max) {
    fail(`--${name} must be a number from ${min} to ${max}`);
  }
  return n;
}

const chargers = Math.round(numberOption('chargers', 1, 99));
const breakerA = numberOption('breaker', 1, 999.99);
const baseLoadMatch = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(values['base-load']);
if (!baseLoadMatch || Number(baseLoadMatch[1]) > Number(baseLoadMatch[2])) fail('--base-load must be <min>-<max> amperes, min <= max');
const baseMinA = Number(baseLoadMatch[1]);
const baseMaxA = Number(baseLoadMatch[2]);
const durationS = numberOption('duration', 30, 86_400);
const timeScale = values['time-scale'] === undefined ? 86_400 / durationS : numberOption('time-scale', 0.001, 100_000);
const meterEveryS = numberOption('meter-every', 1, 300);
const stationMeterEveryS = Math.round(numberOption('station-meter-every', 1, 300));
const followS = numberOption('follow', 0.1, 600);
const buildingStepA = numberOption('building-steps', 0, 200);
/** A car's ramp: its whole rating (32 A) in `followS` when raised; a cut within min(followS, 5 s). */
const carRamp = { riseAPerSec: 32 / followS, fallAPerSec: 32 / Math.min(followS, 5) };
const meanIdleS = numberOption('idle', 1, 86_400);
const meanSessionS = numberOption('session', 30, 86_400);
const dropoutAtS = values['dropout-at'] === undefined ? durationS * 0.4 : numberOption('dropout-at', 0, durationS);
const dropoutForS = values['dropout-for'] === undefined ? Math.min(60, durationS / 4) : numberOption('dropout-for', 0, durationS);
const rejecting = Math.round(numberOption('rejecting', 0, chargers));
const controlPeriodS = numberOption('control-period', 0, 600);
const seed = Math.round(numberOption('seed', 0, 2 ** 32 - 1));
const smart = !values['no-smart'];
const nodes = Math.round(numberOption('nodes', 1, 4));
const natsUrl = process.env.NATS_URL;
if (nodes > 1 && !natsUrl) fail('--nodes above 1 needs NATS_URL (e.g. nats://127.0.0.1:4222)');

/** The building's worst case as an operator would set it: the daily curve's top, its noise and the steps. */
const worstA = Math.min(999.99, Math.ceil(baseMaxA + 1.5 + buildingStepA));
/** The group's tuning when asked for; absent, the group's defaults. */
const tuning = {
  ...(values['dead-band'] === undefined ? {} : { dead_band_a: numberOption('dead-band', 1, 10) }),
  ...(values.dwell === undefined ? {} : { dwell_s: Math.round(numberOption('dwell', 15, 900)) }),
};
const STATION_PREFIX = 'SC-BENCH-';
/** Each simulated charger: one 22 kW three-phase connector at 230 V (31.9 A per phase). */
const STATION_KW = 22;
const STATION_VOLTAGE = 230;
const STATION_W_PER_A = STATION_VOLTAGE * 3;
const TAG_PREFIX = 'SCBENCHTAG-';
const METER_ID = 'SC-BENCH-METER';
const METER_MAC = 'AA:BB:CC:5C:BE:01';
const GROUP_NAME = 'Bench smart charging';
const stationIds = fleetIds(chargers, STATION_PREFIX, 2);
const tagIds = fleetIds(chargers, TAG_PREFIX, 2);

// ---------------------------------------------------------------------------------------------
// The server, its database and the scenario's records

const url = benchDatabaseUrl('nothing: the scenario migrates it and adds its own stations');
{
  const database = await openPostgres(url, 2);
  await migrate(database);
  await seedDemo(database.db);
  await database.close();
}
// One node, or several on NATS (SC-BENCH-NODE-1, -2 …): the first serves the scenario's API calls.
const cluster = await Promise.all(
  Array.from({ length: nodes }, (_, i) =>
    startBenchApp(url, nodes > 1 ? { natsUrl: natsUrl!, nodeId: `SC-BENCH-NODE-${i + 1}` } : undefined),
  ),
);
const bench = cluster[0]!;
const { db, base } = bench;

const sol = await db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'sol').executeTakeFirstOrThrow();
// Stations with the technical settings smart charging needs (system, voltage, rate unit), one connector each.
await sql`
  insert into charge_boxes (charge_box_id, tenant_pk, description, system, voltage, charging_rate_unit)
  select id, ${sol.tenant_pk}, 'Smart-charging scenario (bench/smart-charging-scenario.ts)', 'THREE_PHASE', 230, 'A'
  from unnest(${stationIds}::text[]) as id
  on conflict (charge_box_id) where deleted_at is null do update set system = 'THREE_PHASE', voltage = 230, charging_rate_unit = 'A'
`.execute(db);
await sql`
  insert into connectors (charge_box_pk, connector_id)
  select cb.charge_box_pk, n from charge_boxes cb cross join generate_series(0, 1) as n
  where cb.charge_box_id = any(${stationIds}::text[]) and cb.deleted_at is null
  on conflict (charge_box_pk, connector_id) do nothing
`.execute(db);
await sql`
  insert into ocpp_tags (tenant_pk, id_tag, note, max_active_transaction_count)
  select ${sol.tenant_pk}, tag, 'Smart-charging scenario tag', 1 from unnest(${tagIds}::text[]) as tag
  on conflict ((lower(id_tag))) do update set tenant_pk = excluded.tenant_pk, inactive = false, expiry_date = null
`.execute(db);
// Transactions a previous run left open (a killed run) would make the tags busy.
await sql`
  update transactions set stop_timestamp = now(), stop_value_wh = start_value_wh, stop_reason = 'Other', stop_event_actor = 'central_system', received_stop_at = now()
  where stop_timestamp is null and charge_box_pk in (select charge_box_pk from charge_boxes where charge_box_id = any(${stationIds}::text[]))
`.execute(db);
const boxes = await db
  .selectFrom('charge_boxes')
  .select(['charge_box_pk', 'charge_box_id'])
  .where('charge_box_id', 'in', stationIds)
  .where('deleted_at', 'is', null)
  .execute();
const boxPks = boxes.map((b) => b.charge_box_pk);

const headers = {
  ...(await benchUserHeaders(bench, {
    email: 'bench.smart@recarga.bench',
    profile: 'bench smart charging',
    routes: ['/', '/virtual-groups'],
    roles: [roles.monetization, roles.smartChargingCreate],
  })),
  'x-timezone-offset': '180',
};

/** Calls the server; any answer but 2xx stops the scenario with the route and the server's words. */
async function call<T>(method: string, path: string, body?: unknown, okStatuses: number[] = []): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok && !okStatuses.includes(response.status)) {
    const hint = response.status === 404 && text.includes('Route') ? ' (this route is not on the server yet)' : '';
    throw new Error(`${method} ${path} answered ${response.status}${hint}: ${text.slice(0, 300)}`);
  }
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

// A previous run's group holds the stations: delete it (the chargers are free again).
const previous = await db
  .selectFrom('virtual_group_charge_boxes')
  .select('virtual_group_pk')
  .distinct()
  .where('charge_box_pk', 'in', boxPks)
  .execute();
for (const g of previous) await call('DELETE', `/gateway/virtual-groups/${g.virtual_group_pk}`);

const group = await call<{ virtual_group_id: number }>('POST', '/gateway/virtual-groups', {
  name: GROUP_NAME,
  description: `${chargers} chargers on a ${breakerA} A breaker`,
  tenant_id: sol.tenant_pk,
  charge_boxs: boxPks,
});
const groupId = group.body.virtual_group_id;

// The meter: registered once; later runs ask for a new token (the answer shows it only once).
const registered = await call<{ token: string }>(
  'POST',
  '/smart/meters',
  { mac_address: METER_MAC, device_remote_id: METER_ID, tenant_id: sol.tenant_pk },
  [409],
);
const meterToken =
  registered.status === 409 ? (await call<{ token: string }>('POST', `/smart/meters/${METER_ID}/token`)).body.token : registered.body.token;

if (smart) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const record = {
    enabled: true,
    start_date: day(-1),
    end_date: day(1),
    current_nominal_a: breakerA,
    modulation: 'DYNAMIC',
    // What an operator knows of the building: its highest load (the daily curve's top and its noise,
    // and the steps), which the failsafe assumes while the meter is silent.
    building_worst_a: worstA,
    ...tuning,
  };
  const created = await call<{ smart_charging_id: number }>('POST', '/smart/smart-charging', { ...record, charge_boxs: boxPks });
  const smartChargingId = created.body.smart_charging_id;
  await call('PUT', `/smart/smart-charging/${smartChargingId}`, {
    ...record,
    meter_device_remote_id: METER_ID,
    meter_device_remote_in_circuit: true,
  });
  await call('POST', '/gateway/virtual-groups/smart-charging', {
    virtual_group_id: groupId,
    enabled: true,
    smart_charging_id: smartChargingId,
  });
}

// ---------------------------------------------------------------------------------------------
// The site: stations, cars and the meter

const fleet: FleetHandle = startFleet({
  url: (_id, i) => `${cluster[i % nodes]!.base.replace(/^http/, 'ws')}/ocpp`,
  ids: stationIds,
  connectors: 1,
  meterIntervalSec: stationMeterEveryS,
  autoSessions: false,
  rampPerSec: 50,
  seed,
  retryDelayMs: 1000,
  station: { powerKw: STATION_KW, phases: 3, voltage: STATION_VOLTAGE },
});
// Spread the rejecting stations over the group (with one: the middle station).
const rejectingIds = new Set(Array.from({ length: rejecting }, (_, i) => stationIds[Math.floor(((i + 0.5) * chargers) / rejecting)]!));
for (const station of fleet.stations) station.rejectChargingProfiles = rejectingIds.has(station.chargeBoxId);

const commands = { set: 0, clear: 0, rejected: 0, other: 0 };
/** The server's safety margin (the bench's app runs on the defaults). */
const serverMarginA = loadConfig({
  DATABASE_URL: url,
  DATA_DIR: os.tmpdir(),
  CAPTCHA_PROVIDER: 'none',
  SIMULATOR_STATIONS: '0',
  DEMO: 'false',
}).smartCharging.marginA;
/**
 * Limits the cars received (stations that take profiles): a car's first limit is not a change; a
 * limit of 0 A given to a car not already at 0 A is a pause, and a pause of a car that had room when
 * the breaker less the margin, the building (as it really is) and a rejecting station's rating,
 * shared by the cars plugged in, gave each at least the 6 A minimum.
 */
const limits = { changes: 0, raises: 0, resumes: 0, stops: 0, pauses: 0, pausesWithRoom: 0 };
const lastLimitOf = new Map<SimulatedStation, { transactionId: number; limitA: number }>();
let roomNow: () => number = () => 0;
/** --trace: a pause of a car that had room, with the building as it is and as the plan last counted it. */
let tracePause: (chargeBoxId: string, roomA: number) => void = () => undefined;
for (const station of fleet.stations) {
  station.on('command', (action: string, model: Record<string, unknown>) => {
    if (action === 'SetChargingProfile') {
      commands.set++;
      if (station.rejectChargingProfiles) {
        commands.rejected++;
        return;
      }
      const profile = (
        model as { csChargingProfiles?: { transactionId?: number; chargingSchedule?: { chargingSchedulePeriod?: { limit: number }[] } } }
      ).csChargingProfiles;
      const limitA = profile?.chargingSchedule?.chargingSchedulePeriod?.[0]?.limit;
      const transactionId = profile?.transactionId;
      if (limitA === undefined || transactionId === undefined) return;
      const before = lastLimitOf.get(station);
      const same = before?.transactionId === transactionId;
      if (same && before.limitA !== limitA) {
        limits.changes++;
        if (limitA > before.limitA) limits.raises++;
        if (before.limitA === 0) limits.resumes++;
        if (limitA === 0) limits.stops++;
      }
      if (limitA === 0 && !(same && before.limitA === 0)) {
        limits.pauses++;
        const room = roomNow();
        if (room >= 6) {
          limits.pausesWithRoom++;
          if (values.trace) tracePause(station.chargeBoxId, room);
        }
      }
      lastLimitOf.set(station, { transactionId, limitA });
    } else if (action === 'ClearChargingProfile') commands.clear++;
    else commands.other++;
  });
}
await fleet.ready;

// The building's clock starts at 06:00 Brasília time today, so a day-long run passes both peaks.
const buildingStart = new Date(`${new Date().toISOString().slice(0, 10)}T09:00:00Z`);
const stepsFrom = Date.now();
/** --building-steps: +A on every phase for 60 s, every 150 s from 75 s on. */
const stepAt = (realMs: number): PhaseCurrents => {
  const s = (realMs - stepsFrom) / 1000;
  const on = buildingStepA > 0 && s >= 75 && (s - 75) % 150 < 60;
  return on ? [buildingStepA, buildingStepA, buildingStepA] : [0, 0, 0];
};
const meter = new SimulatedMeter({
  extraLoad: stepAt,
  deviceRemoteId: METER_ID,
  macAddress: METER_MAC,
  baseLoad: { minA: baseMinA, maxA: baseMaxA, noiseA: 1.5, seed },
  chargers: () => fleet.phaseCurrentsA(),
  publishers: [new HttpMeterPublisher({ server: cluster[nodes - 1]!.base, deviceRemoteId: METER_ID, token: meterToken })],
  intervalMs: meterEveryS * 1000,
  timeScale,
  startAt: buildingStart,
});
meter.start();
/** Each plugged car's share of what the rules leave the load manager now (A), on the busiest phase. */
/** The building as the rules take it: as measured, or at the configured worst case while the meter is silent (the failsafe). */
const buildingByRules = (base: number) => (smart && meter.silent ? Math.max(base, worstA) : base);
roomNow = () => {
  const base = buildingByRules(Math.max(...meter.currents(Date.now()).base));
  const plugged = fleet.stations.filter((s) => s.transactions.length > 0);
  const reserved = plugged.filter((s) => s.rejectChargingProfiles).length * ((STATION_KW * 1000) / STATION_W_PER_A);
  const cars = plugged.filter((s) => !s.rejectChargingProfiles).length;
  return cars === 0 ? Infinity : (breakerA - serverMarginA - base - reserved) / cars;
};

tracePause = (chargeBoxId, roomA) => {
  let t = '-';
  try {
    t = ((Date.now() - startedAt) / 1000).toFixed(1);
  } catch {
    // before the sampling starts (startedAt not set yet)
  }
  const base = Math.max(...meter.currents(Date.now()).base);
  const plugged = fleet.stations.filter((s) => s.transactions.length > 0 && !s.rejectChargingProfiles).length;
  void db
    .selectFrom('smart_charging_state')
    .select('plan')
    .where('virtual_group_pk', '=', groupId)
    .executeTakeFirst()
    .then((row) => {
      const plan = (row?.plan as StoredPlan | null | undefined) ?? null;
      const counted = plan?.building_a ? Math.max(...plan.building_a).toFixed(1) : '-';
      const planned = (plan?.sessions ?? [])
        .map((x) => `${x.charge_box_code.slice(-2)}:${x.limit_a}${x.reason === 'PAUSED' ? 'p' : ''}`)
        .join(' ');
      process.stdout.write(
        `  pause with room: t=${t} ${chargeBoxId} ${roomA.toFixed(1)} A/car, ${plugged} cars, building ${base.toFixed(1)} A (plan ${plan?.mode ?? '-'} ${counted}) [${planned}]\n`,
      );
    })
    .catch(() => undefined);
};

const stopping = new AbortController();
// Every charger's driver waits on it, and the scenario itself.
setMaxListeners(chargers + 10, stopping.signal);
/** Waits `ms`, or less when the scenario ends. */
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    if (stopping.signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      stopping.signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stopping.signal.addEventListener('abort', done);
  });

const sessions = { started: 0, finished: 0, refused: 0 };
/** Each station's car (for --why: what it would take), while it is plugged in. */
const vehicles = new Map<SimulatedStation, ElectricVehicle>();
/** When the latest car was plugged in (ms), for --trace. */
let lastPlugInAt = 0;

/** --why: a car arriving or leaving, between the samples. */
function whyEvent(what: string) {
  process.stdout.write(`  why t=${((Date.now() - startedAt) / 1000).toFixed(2)} ${what}\n`);
}

/** One charger's life: a free spell, a car for a while, again; half the chargers start with a car. */
async function drive(station: SimulatedStation, tag: string, random: Random): Promise<void> {
  let first = true;
  while (!stopping.signal.aborted) {
    const idleS = first && random.chance(0.5) ? random.between(0, 5) : random.exponential(meanIdleS);
    first = false;
    await sleep(idleS * 1000);
    if (stopping.signal.aborted) return;
    if (!station.isConnectorFree(1)) {
      await sleep(1000);
      continue;
    }
    try {
      const vehicle = ElectricVehicle.random(random, carRamp);
      vehicles.set(station, vehicle);
      const result = await station.plugIn(1, tag, { vehicle });
      if (!result.accepted) {
        sessions.refused++;
        continue;
      }
    } catch {
      await sleep(1000); // not connected or accepted yet
      continue;
    }
    sessions.started++;
    lastPlugInAt = Date.now();
    if (values.why) whyEvent(`plug-in ${station.chargeBoxId} (a ${vehicles.get(station)!.maxPowerW / 1000} kW car)`);
    await sleep(Math.max(30, random.exponential(meanSessionS)) * 1000);
    if (station.transactions.length) {
      if (values.why) whyEvent(`unplug ${station.chargeBoxId}`);
      await station.unplug(1).catch(() => undefined);
      sessions.finished++;
    }
  }
}

const random = new Random(seed);
const drivers = fleet.stations.map((station, i) => drive(station, tagIds[i]!, random.fork()));

// ---------------------------------------------------------------------------------------------
// What the breaker sees

/**
 * Follows the breaker's phases sample by sample: the peaks, the time above the rating (and each
 * excursion's part beyond one control period), and how much of the rating is used while the cars
 * would take more than the building leaves them.
 */
class BreakerWatch {
  readonly peakA: [number, number, number] = [0, 0, 0];
  aboveS = 0;
  beyondPeriodS = 0;
  longestAboveS = 0;
  excursions = 0;
  demandExceedsS = 0;
  private usedShareS = 0;
  /** The same, outside the meter's dropout (while the load manager has no reading to work with). */
  demandExceedsMeterOnS = 0;
  private usedShareMeterOnS = 0;
  /** The share of what the rules let the load manager hand out: the breaker less a rejecting station's unused rating. */
  private usedOfManageableS = 0;
  /** The share of what the rules allow: the breaker less the margin, a rejecting station's unused rating, and the failsafe's worst case above the real building. */
  private usedOfAllowedS = 0;
  private runS = 0;
  private runPeakA = 0;
  private runContext = '';

  constructor(
    private readonly ratingA: number,
    private readonly periodS: number,
    private readonly onExcursion?: (durationS: number, peakA: number, context: string) => void,
  ) {}

  /** `context` describes the moment (for --trace), taken when an excursion starts. */
  /**
   * `reservedA`: the part of the breaker the rules keep from the load manager at this moment — a
   * station that rejects profiles and holds a car is counted at its rating, so its rating less what
   * its car draws can go to no other car (docs/decisions.md "Smart charging: the utilisation goal…").
   */
  add(
    actual: PhaseCurrents,
    demand: PhaseCurrents,
    dtS: number,
    meterSilent = false,
    context = () => '',
    reservedA = 0,
    allowedA = this.ratingA,
  ): void {
    for (let p = 0; p < 3; p++) this.peakA[p] = Math.max(this.peakA[p]!, actual[p]!);
    const highest = Math.max(...actual);
    if (highest > this.ratingA) {
      if (this.runS === 0) {
        this.excursions++;
        this.runContext = this.onExcursion ? context() : '';
      }
      this.runS += dtS;
      this.aboveS += dtS;
      this.runPeakA = Math.max(this.runPeakA, highest);
    } else {
      this.closeRun();
    }
    if (Math.max(...demand) > this.ratingA) {
      const used = (Math.min(highest, this.ratingA) * dtS) / this.ratingA;
      this.demandExceedsS += dtS;
      this.usedShareS += used;
      this.usedOfManageableS += Math.min(1, Math.min(highest, this.ratingA) / Math.max(1e-9, this.ratingA - reservedA)) * dtS;
      this.usedOfAllowedS += (allowedA <= 0 ? 1 : Math.min(1, Math.min(highest, this.ratingA) / allowedA)) * dtS;
      if (!meterSilent) {
        this.demandExceedsMeterOnS += dtS;
        this.usedShareMeterOnS += used;
      }
    }
  }

  /** Mean share of the rating used on the busiest phase while demand exceeds it (NaN if it never did). */
  get usedShare(): number {
    return this.demandExceedsS > 0 ? this.usedShareS / this.demandExceedsS : Number.NaN;
  }

  /** The same share of the breaker less the unused rating the rules keep for rejecting stations (the goal's figure). */
  get usedOfManageable(): number {
    return this.demandExceedsS > 0 ? this.usedOfManageableS / this.demandExceedsS : Number.NaN;
  }

  /** The share of what the rules allow (the utilisation goal's figure). */
  get usedOfAllowed(): number {
    return this.demandExceedsS > 0 ? this.usedOfAllowedS / this.demandExceedsS : Number.NaN;
  }

  /** The same share, leaving out the time the meter is silent (a second figure, not the goal's). */
  get usedShareMeterOn(): number {
    return this.demandExceedsMeterOnS > 0 ? this.usedShareMeterOnS / this.demandExceedsMeterOnS : Number.NaN;
  }

  finish(): void {
    this.closeRun();
  }

  private closeRun(): void {
    if (this.runS === 0) return;
    this.longestAboveS = Math.max(this.longestAboveS, this.runS);
    this.beyondPeriodS += Math.max(0, this.runS - this.periodS);
    this.onExcursion?.(this.runS, this.runPeakA, this.runContext);
    this.runS = 0;
    this.runPeakA = 0;
  }
}

/** The plan the load manager last stored for the group (what --why reads of it). */
interface StoredPlan {
  mode: 'DYNAMIC' | 'FAILSAFE';
  building_a?: [number, number, number] | null;
  sessions: { charge_box_code: string; limit_a: number; reason: string; planned_a?: number }[];
}

/** One car as --why sees it, per phase (the scenario's stations are three-phase: every line alike). */
interface CarSample {
  chargeBoxId: string;
  rejecting: boolean;
  /** The limit in force at the station (its rating when it holds no profile), A. */
  limitA: number;
  /** What the car draws now, A. */
  drawA: number;
  /** What the car's on-board charger would take now with no limit (its taper included), capped at the rating, A. */
  acceptsA: number;
  /** What it would draw with no limit (the bench's demand: acceptsA × the charger's draw factor), A. */
  demandA: number;
}

/**
 * Where the breaker's current goes while the cars' demand exceeds it (--why), on the busiest phase:
 *
 *   breaker = used + margin + unallocated + allocated but unused − above the breaker
 *
 * unallocated = breaker − margin − the building's real load − the limits in force, split into the
 * building's over-estimate (the plan's non-group load − the real one; negative when under-estimated),
 * hysteresis (limits kept below the plan's), the IEC 6 A minimum (current left while a car is paused),
 * current the plan did not hand out for other reasons, and the failsafe (all of it, without a reading).
 * Allocated but unused = limits − draws, split into the rejecting station (counted at its rating),
 * capped cars' headroom (what a CAR_CAP limit offers above what the car takes), cars taking less than a
 * limit that does not cap them, the chargers' draw factor (cars draw 97–100 % of the limit), cars still
 * ramping to their limit, and limits under the 6 A minimum (the car cannot draw).
 */
class UnusedShare {
  static readonly parts = [
    ['margin', 'safety margin'],
    ['building', 'building over-estimated'],
    ['hysteresis', 'dead band, dwell, rate (kept below plan)'],
    ['paused', 'left while a car is paused (6 A minimum)'],
    ['unhanded', 'not handed out, other'],
    ['failsafe', 'failsafe (no reading)'],
    ['rejecting', 'rejecting station at its rating'],
    ['capped', "capped cars' headroom"],
    ['less', 'car takes less than an uncapped limit'],
    ['drawFactor', 'draw factor (97-100 % of the limit)'],
    ['ramping', 'cars ramping up (down, if negative)'],
    ['belowMin', 'limits under 6 A'],
    ['over', 'above the breaker (counted back)'],
  ] as const;
  /** A·s per part and bucket, and the seconds and used A·s of each bucket. */
  private readonly sums = new Map<string, Record<string, number>>();

  constructor(
    private readonly ratingA: number,
    private readonly marginA: number,
  ) {}

  /** Adds one sample; answers its parts (A) for the per-sample line. */
  add(
    actual: PhaseCurrents,
    baseA: PhaseCurrents,
    cars: CarSample[],
    plan: StoredPlan | null,
    dtS: number,
    buckets: string[],
  ): { phase: number; used: number; parts: Record<string, number> } {
    const p = actual.indexOf(Math.max(...actual));
    const parts: Record<string, number> = Object.fromEntries(UnusedShare.parts.map(([k]) => [k, 0]));
    const reasonOf = new Map((plan?.sessions ?? []).map((x) => [x.charge_box_code, x.reason]));
    let limits = 0;
    for (const car of cars) {
      limits += car.limitA;
      if (car.rejecting) {
        parts.rejecting! += car.limitA - car.drawA;
        continue;
      }
      if (car.limitA < 6) {
        parts.belowMin! += car.limitA - car.drawA;
        continue;
      }
      const factor = car.acceptsA > 0 ? car.demandA / car.acceptsA : 1;
      const target = Math.min(car.limitA, car.acceptsA) * factor;
      const less = Math.max(0, car.limitA - car.acceptsA);
      if (reasonOf.get(car.chargeBoxId) === 'CAR_CAP') parts.capped! += less;
      else parts.less! += less;
      parts.drawFactor! += Math.min(car.limitA, car.acceptsA) * (1 - factor);
      parts.ramping! += target - car.drawA;
    }
    parts.margin = this.marginA;
    const unallocated = this.ratingA - this.marginA - baseA[p]! - limits;
    if (!plan || plan.mode === 'FAILSAFE' || !plan.building_a) parts.failsafe = unallocated;
    else {
      parts.building = plan.building_a[p]! - baseA[p]!;
      parts.hysteresis = plan.sessions.reduce(
        (sum, x) => sum + (x.reason.startsWith('HOLD_') && x.planned_a !== undefined ? x.planned_a - x.limit_a : 0),
        0,
      );
      const rest = unallocated - parts.building - parts.hysteresis;
      const pausedWithDemand = cars.some((c) => !c.rejecting && c.limitA === 0 && c.demandA > 0);
      if (pausedWithDemand) parts.paused = rest;
      else parts.unhanded = rest;
    }
    parts.over = -Math.max(0, actual[p]! - this.ratingA);
    const used = Math.min(actual[p]!, this.ratingA);
    for (const bucket of ['all', ...buckets]) {
      const sum = this.sums.get(bucket) ?? { seconds: 0, used: 0 };
      sum.seconds! += dtS;
      sum.used! += used * dtS;
      for (const [k, v] of Object.entries(parts)) sum[k] = (sum[k] ?? 0) + v * dtS;
      this.sums.set(bucket, sum);
    }
    return { phase: p, used, parts };
  }

  /** The table: each part as a share of the breaker, per bucket. */
  report(buckets: Array<[string, string]>): string {
    const shown = buckets.filter(([key]) => this.sums.has(key));
    const share = (bucket: string, key: string) => {
      const sum = this.sums.get(bucket)!;
      return `${((sum[key]! / sum.seconds! / this.ratingA) * 100).toFixed(1)} %`.padStart(12);
    };
    const lines = [
      `${'share of the breaker'.padEnd(44)}${shown.map(([, title]) => title.padStart(12)).join('')}`,
      `${'seconds demand exceeded it'.padEnd(44)}${shown.map(([key]) => `${this.sums.get(key)!.seconds!.toFixed(0)} s`.padStart(12)).join('')}`,
      `${'used'.padEnd(44)}${shown.map(([key]) => share(key, 'used')).join('')}`,
      ...UnusedShare.parts.map(([key, title]) => `${`  ${title}`.padEnd(44)}${shown.map(([bucket]) => share(bucket, key)).join('')}`),
    ];
    return lines.join('\n');
  }
}

const SAMPLE_MS = 250;
const startedAt = Date.now();
const watch = new BreakerWatch(
  breakerA,
  controlPeriodS,
  values.trace
    ? (durationS, peakA, context) =>
        process.stdout.write(`  excursion: ${durationS.toFixed(1)} s, up to ${peakA.toFixed(1)} A, ${context}\n`)
    : undefined,
);
let lastSampleAt = startedAt;
/** Seconds of cars plugged in at stations that take profiles, summed over the cars. */
let carSeconds = 0;
const fmt = (a: PhaseCurrents) => a.map((x) => x.toFixed(1).padStart(6)).join(' ');

// --why: the server's margin (the bench's app runs on the defaults) and the plan it last stored.
const why = values.why ? new UnusedShare(breakerA, serverMarginA) : null;
let storedPlan: StoredPlan | null = null;
let readingPlan = false;
const planReader = why
  ? setInterval(() => {
      if (readingPlan) return;
      readingPlan = true;
      db.selectFrom('smart_charging_state')
        .select('plan')
        .where('virtual_group_pk', '=', groupId)
        .executeTakeFirst()
        .then((row) => (storedPlan = (row?.plan as StoredPlan | null | undefined) ?? null))
        .catch(() => undefined)
        .finally(() => (readingPlan = false));
    }, SAMPLE_MS)
  : undefined;
const carsNow = (): CarSample[] =>
  fleet.stations
    .filter((s) => s.transactions.length > 0)
    .map((s) => {
      const connector = s.connector(1);
      const vehicle = vehicles.get(s);
      return {
        chargeBoxId: s.chargeBoxId,
        rejecting: s.rejectChargingProfiles,
        limitA: connector.powerLimitW / STATION_W_PER_A,
        drawA: connector.currentA,
        acceptsA: vehicle ? Math.min(STATION_KW * 1000, vehicle.acceptedPowerW()) / STATION_W_PER_A : 0,
        demandA: s.phaseDemandA()[0],
      };
    });

const sampler = setInterval(() => {
  const now = Date.now();
  const { base: baseA, chargers: chargersA } = meter.currents(now);
  const demandA = addPhaseCurrents(baseA, ...fleet.stations.map((s) => s.phaseDemandA()));
  const dtS = (now - lastSampleAt) / 1000;
  if (why && Math.max(...demandA) > breakerA) {
    const cars = carsNow();
    const rejectingCar = cars.some((c) => c.rejecting);
    const { phase, used, parts } = why.add(addPhaseCurrents(baseA, chargersA), baseA, cars, storedPlan, dtS, [
      meter.silent ? 'silent' : 'meterOn',
      rejectingCar ? 'rejectingCar' : 'noRejectingCar',
    ]);
    process.stdout.write(
      `  why t=${((now - startedAt) / 1000).toFixed(2)} L${phase + 1} used ${used.toFixed(1)} A |` +
        Object.entries(parts)
          .filter(([, a]) => Math.abs(a) >= 0.05)
          .map(([k, a]) => ` ${k} ${a.toFixed(1)}`)
          .join('') +
        ` [building ${baseA[phase]!.toFixed(1)} A, planned on ${storedPlan?.building_a?.[phase]?.toFixed(1) ?? '-'} A]` +
        `${meter.silent ? ' (meter silent)' : ''}\n`,
    );
  }
  // A rejecting station holding a car is planned at its rating: what its car does not draw of it is kept from the others.
  const reservedA = fleet.stations
    .filter((s) => s.rejectChargingProfiles && s.transactions.length > 0)
    .reduce((sum, s) => sum + Math.max(0, (STATION_KW * 1000) / STATION_W_PER_A - s.connector(1).currentA), 0);
  watch.add(
    addPhaseCurrents(baseA, chargersA),
    demandA,
    dtS,
    meter.silent,
    () => {
      const cars = fleet.stations.filter((s) => s.transactions.length > 0).length;
      const sincePlugIn = lastPlugInAt ? `${((now - lastPlugInAt) / 1000).toFixed(1)} s after a plug-in` : 'no plug-in yet';
      return `from t=${((now - startedAt) / 1000).toFixed(1)} s, ${cars} cars, ${sincePlugIn}, meter ${meter.silent ? 'silent' : 'on'}`;
    },
    reservedA,
    smart ? breakerA - serverMarginA - reservedA - (buildingByRules(Math.max(...baseA)) - Math.max(...baseA)) : breakerA,
  );
  carSeconds += fleet.stations.filter((s) => s.transactions.length > 0 && !s.rejectChargingProfiles).length * dtS;
  lastSampleAt = now;
}, SAMPLE_MS);

let dropoutTimer: NodeJS.Timeout | undefined;
if (dropoutForS > 0) dropoutTimer = setTimeout(() => meter.dropout(dropoutForS), dropoutAtS * 1000);

process.stdout.write(
  `${chargers} chargers (${[...rejectingIds].join(', ') || 'none'} rejecting profiles) on a ${breakerA} A breaker, base load ` +
    `${baseMinA}-${baseMaxA} A${buildingStepA ? ` with +${buildingStepA} A steps` : ''}, ${durationS} s at ${timeScale.toFixed(1)}x building time, ` +
    `meter every ${meterEveryS} s, stations every ${stationMeterEveryS} s, cars follow in ${followS} s, ${nodes} node(s), ` +
    `${smart ? 'load manager on' : 'NO load manager (baseline)'}` +
    `${tuning.dead_band_a === undefined ? '' : `, dead band ${tuning.dead_band_a} A`}${tuning.dwell_s === undefined ? '' : `, dwell ${tuning.dwell_s} s`}\n\n` +
    `${'t s'.padStart(5)} ${'building'.padStart(8)} ${'cars'.padStart(4)}  ${'total A (L1 L2 L3)'.padEnd(20)} ${'demand A (L1 L2 L3)'.padEnd(20)} ${'meter'.padEnd(7)} ${'profiles'.padStart(8)}\n`,
);
const progress = setInterval(() => {
  const now = Date.now();
  const { total } = meter.currents(now);
  const demand = addPhaseCurrents(meter.currents(now).base, ...fleet.stations.map((s) => s.phaseDemandA()));
  const cars = fleet.stations.filter((s) => s.transactions.length > 0).length;
  process.stdout.write(
    `${String(Math.round((now - startedAt) / 1000)).padStart(5)} ${meter.buildingTime(now).toISOString().slice(11, 16).padStart(8)} ` +
      `${String(cars).padStart(4)}  ${fmt(total)}  ${fmt(demand)} ${(meter.silent ? 'silent' : 'on').padEnd(7)} ${String(commands.set).padStart(8)}\n`,
  );
}, 30_000);

await sleep(durationS * 1000);

// ---------------------------------------------------------------------------------------------
// Figures

clearInterval(sampler);
clearInterval(planReader);
clearInterval(progress);
clearTimeout(dropoutTimer);
watch.finish();
const ranS = (Date.now() - startedAt) / 1000;
stopping.abort();
await Promise.all(drivers);
const meterCounts = meter.counters();
await meter.stop();
await fleet.stop({ timeoutMs: 5000 });
await Promise.all(cluster.map((node) => node.close()));

const pct = (x: number) => (Number.isNaN(x) ? '-' : `${(x * 100).toFixed(1)} %`);
const rows: Array<[string, string, string]> = [
  ['highest total current L1 / L2 / L3', watch.peakA.map((a) => `${a.toFixed(1)} A`).join(' / '), `breaker ${breakerA} A`],
  ['seconds above the breaker', `${watch.aboveS.toFixed(1)} s in ${watch.excursions} excursion(s)`, 'goal 0'],
  [
    '  beyond one control period each',
    `${watch.beyondPeriodS.toFixed(1)} s (longest excursion ${watch.longestAboveS.toFixed(1)} s)`,
    'goal 0',
  ],
  ['breaker used while demand exceeds it', pct(watch.usedOfManageable), 'goal >= 90 %, of what the rules let it hand out'],
  ['  the same, of the whole breaker', pct(watch.usedShare), "a rejecting station's unused rating counted as unused"],
  ['  whole breaker, without the dropout', pct(watch.usedShareMeterOn), 'second figure, not the goal'],
  ['  time demand exceeded the breaker', `${watch.demandExceedsS.toFixed(0)} s of ${ranS.toFixed(0)} s`, ''],
  [
    'limit changes per car per minute',
    carSeconds > 0 ? (limits.changes / (carSeconds / 60)).toFixed(2) : '-',
    `goal <= 1; ${limits.changes} changes (${limits.raises} up, ${limits.resumes} of them resuming; ${limits.changes - limits.raises} down, ${limits.stops} of them pausing) over ${(carSeconds / 60).toFixed(0)} car-minutes`,
  ],
  [
    'pauses per car per hour',
    carSeconds > 0 ? (limits.pauses / (carSeconds / 3600)).toFixed(1) : '-',
    `${limits.pauses} pauses, ${limits.pausesWithRoom} of a car that had room (goal 0)`,
  ],
  [
    'utilisation',
    pct(watch.usedOfAllowed),
    'goal >= 85 % of what the rules allow: breaker − margin − a rejecting car’s unused rating − the failsafe’s worst case above the building',
  ],
  [
    'charging-profile commands per minute',
    ((commands.set + commands.clear) / (ranS / 60)).toFixed(1),
    `${commands.set} set (${commands.rejected} to rejecting stations), ${commands.clear} clear`,
  ],
  ['sessions', `${sessions.started} started, ${sessions.finished} ended`, sessions.refused ? `${sessions.refused} refused` : ''],
  [
    'meter readings',
    `${meterCounts.published.http ?? 0} sent, ${meterCounts.failed.http ?? 0} failed`,
    `${meterCounts.skipped} skipped in a ${dropoutForS} s dropout`,
  ],
];
process.stdout.write('\n');
for (const [name, value, note] of rows) process.stdout.write(`${name.padEnd(38)} ${value.padEnd(44)} ${note}\n`);
if (why) {
  process.stdout.write('\nWhere the breaker went while demand exceeded it (busiest phase; the parts add up to 100 %):\n');
  process.stdout.write(
    `${why.report([
      ['all', 'whole run'],
      ['meterOn', 'meter on'],
      ['silent', 'dropout'],
      ['rejectingCar', 'rej. car'],
      ['noRejectingCar', 'no rej. car'],
    ])}\n`,
  );
}
process.exit(0);
