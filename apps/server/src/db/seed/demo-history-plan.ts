import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db';
import { demoIdTags, demoStationProfiles, type DemoStationProfile } from './demo-stations';

/**
 * The demo's past (issue 40 item 19): 90 days of recharges, faults and offline spells at the demo
 * stations, worked out here as plain data and written by `demo-history.ts` through the modules
 * that write them in production. Deterministic for a given end (`now`) and seed; every time is
 * relative to `now`, so the demo's history always ends today.
 */

export interface PlannedRecharge {
  chargeBoxId: string;
  connectorId: number;
  idTag: string;
  start: Date;
  stop: Date;
  energyWh: number;
}

export interface PlannedEvent {
  chargeBoxId: string;
  connectorId: number | null;
  type: 'Failure' | 'Disconnected' | 'StationBooted' | 'Available';
  at: Date;
  errorCode?: string;
  errorMsg?: string;
}

export interface DemoHistoryPlan {
  from: Date;
  to: Date;
  recharges: PlannedRecharge[];
  events: PlannedEvent[];
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Mean recharges per day on a weekday, by station (busier where the network is, quiet at home garages). */
const dailyMean: Record<string, number> = {
  'MOVE-SP-001': 3.2,
  'MOVE-SP-002': 3.8,
  'MOVE-RJ-001': 2.2,
  'SOL-BH-001': 2.8,
  'TERPEL-BOG-001': 3.0,
  'TERPEL-BOG-002': 3.6,
  'TERPEL-MDE-001': 2.2,
  'ANDES-UIO-001': 1.6,
  'MOVE-CWB-001': 1.4,
  'MOVE-SP-003': 0.8,
  'SOL-RJ-001': 1.6,
};

/** Relative weight of each local hour of a weekday and of a weekend day: commutes, lunch, the evening peak. */
const weekdayHours = [
  0.15, 0.1, 0.05, 0.05, 0.05, 0.1, 0.4, 0.9, 1.1, 0.8, 0.6, 0.7, 0.9, 0.8, 0.6, 0.6, 0.8, 1.4, 2.0, 2.1, 1.7, 1.1, 0.6, 0.3,
];
const weekendHours = [
  0.2, 0.15, 0.1, 0.05, 0.05, 0.05, 0.1, 0.2, 0.4, 0.8, 1.2, 1.4, 1.5, 1.4, 1.3, 1.3, 1.3, 1.3, 1.2, 1.1, 0.9, 0.6, 0.4, 0.3,
];

/** Local time zone offset (hours from UTC) of each network, for the daily shape. */
const utcOffset: Record<DemoStationProfile['tenant'], number> = { move: -3, sol: -3, terpel: -5, andes: -5 };

/** Faults a station reports (OCPP 1.6 ChargePointErrorCode) with the text a vendor sends. */
const faults: { code: string; msg: string }[] = [
  { code: 'GroundFailure', msg: 'Ground fault detected' },
  { code: 'OverCurrentFailure', msg: 'Over current on phase L2' },
  { code: 'HighTemperature', msg: 'Cable temperature above limit' },
  { code: 'ConnectorLockFailure', msg: 'Connector lock did not engage' },
  { code: 'EVCommunicationError', msg: 'No PWM response from vehicle' },
];

/** mulberry32: a small seeded generator, so the same day always gives the same history. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickWeighted(rnd: () => number, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rnd() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** Poisson count with mean `mean` (Knuth; means are small here). */
function poisson(rnd: () => number, mean: number): number {
  const l = Math.exp(-mean);
  let k = 0;
  let p = 1;
  do {
    k++;
    p *= rnd();
  } while (p > l);
  return k - 1;
}

/**
 * The power (W) a car really draws at a connector: AC cars take 7.4 or 11 kW at most whatever the
 * wall box gives, DC cars 40–100 kW; a session averages 80–95 % of it (the taper near full).
 */
function drawnPower(rnd: () => number, connectorW: number): number {
  const dc = connectorW >= 50_000;
  const car = dc ? 40_000 + rnd() * 60_000 : rnd() < 0.5 ? 7_400 : 11_000;
  return Math.min(connectorW, car) * (0.8 + rnd() * 0.15);
}

function isOpen(station: DemoStationProfile, localHour: number): boolean {
  if (!station.openHours) return true;
  const open = Number(station.openHours.open.slice(0, 2));
  const close = Number(station.openHours.close.slice(0, 2));
  return localHour >= open && localHour < close - 1;
}

/**
 * Plans `days` days of history ending at `now`: for each station a few recharges a day (more on
 * weekday evenings, spread through the day at weekends), 5–60 kWh each, lasting what the energy
 * takes at the power the car draws plus a few minutes plugged in; never two at once on a
 * connector or for a tag. A fault or an offline spell every couple of weeks per station.
 * Recharges end at least `quietMinutes` before `now`.
 */
export function planDemoHistory(now: Date, opts: { days?: number; seed?: number; quietMinutes?: number } = {}): DemoHistoryPlan {
  const days = opts.days ?? 90;
  const rnd = random(opts.seed ?? 20_261_129);
  const to = new Date(now.getTime() - (opts.quietMinutes ?? 30) * MINUTE);
  const from = new Date(now.getTime() - days * DAY);
  const recharges: PlannedRecharge[] = [];
  const events: PlannedEvent[] = [];
  // A tag's recharges so far, as [start, stop) spans: a driver is at one station at a time.
  const tagSpans = new Map<string, [number, number][]>();
  const tagFree = (tag: string, from: number, to: number) => (tagSpans.get(tag) ?? []).every(([a, b]) => b <= from || a >= to);

  for (const station of demoStationProfiles()) {
    const tags = demoIdTags(station.id);
    const mean = dailyMean[station.id] ?? 1;
    if (tags.length === 0) continue;
    const offset = utcOffset[station.tenant] * HOUR;
    const connectorBusyUntil = station.connectorPowers.map(() => 0);
    // Local midnight of the first day, as a UTC instant.
    const firstLocalDay = Math.floor((from.getTime() + offset) / DAY) * DAY - offset;
    const starts: number[] = [];
    for (let day = firstLocalDay; day < to.getTime(); day += DAY) {
      const weekday = new Date(day + offset + 12 * HOUR).getUTCDay();
      const weekend = weekday === 0 || weekday === 6;
      // Weekends: fewer commuters at city stations, more trips (and longer stays) everywhere else.
      const n = poisson(rnd, mean * (weekend ? 0.8 : 1));
      const hours = weekend ? weekendHours : weekdayHours;
      for (let i = 0; i < n; i++) {
        const hour = pickWeighted(rnd, hours);
        if (!isOpen(station, hour)) continue;
        starts.push(day + hour * HOUR + Math.floor(rnd() * 60) * MINUTE + Math.floor(rnd() * 60) * 1000);
      }
    }
    starts.sort((a, b) => a - b);
    for (const startAt of starts) {
      if (startAt < from.getTime()) continue;
      const connectorIndex = connectorBusyUntil.findIndex((busy) => busy <= startAt);
      if (connectorIndex < 0) continue;
      const connectorW = station.connectorPowers[connectorIndex]!;
      const power = drawnPower(rnd, connectorW);
      // 5–60 kWh, most sessions between 10 and 35; a slow connector never holds a car past ten hours.
      const wanted = 5_000 + Math.pow(rnd(), 1.6) * 55_000;
      const energyWh = Math.round(Math.max(5_000, Math.min(wanted, (power * 10 * HOUR) / HOUR)));
      const chargingMs = (energyWh / power) * HOUR;
      const plugged = (2 + rnd() * 18) * MINUTE;
      const stopAt = Math.round((startAt + chargingMs + plugged) / 1000) * 1000;
      if (stopAt > to.getTime()) continue;
      const free = tags.filter((t) => tagFree(t, startAt - 10 * MINUTE, stopAt + 10 * MINUTE));
      if (free.length === 0) continue;
      const idTag = free[Math.floor(rnd() * free.length)]!;
      connectorBusyUntil[connectorIndex] = stopAt + 5 * MINUTE;
      const spans = tagSpans.get(idTag) ?? [];
      spans.push([startAt, stopAt]);
      tagSpans.set(idTag, spans);
      recharges.push({
        chargeBoxId: station.id,
        connectorId: connectorIndex + 1,
        idTag,
        start: new Date(startAt),
        stop: new Date(stopAt),
        energyWh,
      });
    }

    // A fault every couple of weeks (cleared within hours) and an offline spell now and then.
    for (let day = firstLocalDay + DAY; day < to.getTime() - DAY; day += DAY) {
      if (rnd() < 1 / 16) {
        const at = day + (8 + rnd() * 12) * HOUR;
        const fault = faults[Math.floor(rnd() * faults.length)]!;
        const connectorId = 1 + Math.floor(rnd() * station.connectorPowers.length);
        events.push({
          chargeBoxId: station.id,
          connectorId,
          type: 'Failure',
          at: new Date(at),
          errorCode: fault.code,
          errorMsg: fault.msg,
        });
        events.push({ chargeBoxId: station.id, connectorId, type: 'Available', at: new Date(at + (0.5 + rnd() * 4) * HOUR) });
      }
      if (rnd() < 1 / 20) {
        const at = day + rnd() * 24 * HOUR;
        events.push({ chargeBoxId: station.id, connectorId: null, type: 'Disconnected', at: new Date(at) });
        events.push({ chargeBoxId: station.id, connectorId: null, type: 'StationBooted', at: new Date(at + (0.2 + rnd() * 3) * HOUR) });
      }
    }
  }
  recharges.sort((a, b) => a.start.getTime() - b.start.getTime() || a.chargeBoxId.localeCompare(b.chargeBoxId));
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { from, to, recharges: recharges.filter((r) => r.start.getTime() >= from.getTime()), events };
}

const SEEDED_KEY = 'demo_history_seeded';

/** Whether the demo's history is loaded (it is loaded once, like the rest of the demo data). */
export async function demoHistorySeeded(db: Kysely<DB>): Promise<boolean> {
  return Boolean(await db.selectFrom('settings').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst());
}

/** Marks the history loaded, in the transaction that loads it (the end of the history as its value). */
export async function markDemoHistorySeeded(trx: Transaction<DB>, now: Date): Promise<void> {
  await trx.insertInto('settings').values({ key: SEEDED_KEY, value: now.toISOString() }).execute();
}
