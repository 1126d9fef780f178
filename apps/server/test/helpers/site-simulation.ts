import { randomUUID } from 'node:crypto';
import { SmartChargingLoop } from '../../src/modules/smart-charging/control-loop';
import { aStation, stationPk, tenantPk } from './station-builders';
import type { TestApp } from './test-app';
import { aMeter } from './smart-charging';
import { aTransaction } from './transaction-builders';

/**
 * A site on a simulated clock, for the load manager's deterministic tests (issue 41): a building
 * on a breaker, a meter in the chargers' circuit, three-phase 22 kW stations at 380 V (rated
 * 22000 ÷ (√3 × 380) = 33.4 A) with a car each when
 * one is plugged in, and the real control loop (`SmartChargingLoop.runOnce` on the simulated time,
 * over the test database) with a stand-in for the operations service that records each
 * SetChargingProfile and applies it at once.
 *
 * Second by second: each car moves toward min(its limit, what it takes) at the pace of its follow
 * time (linearly, reaching a new limit `followS` seconds after it was set); a car's first limit
 * comes 0.2 s after it is plugged in, before any whole second, so the default limit its station
 * holds (the load manager's TxDefaultProfile) never shows in a reading. The meter reads the building plus every car each `meterEveryS`; each station samples its
 * car's Current.Import every `stationEveryS` from the start of its recharge. The loop plans every
 * `periodS` (0.2 s after a reading, as the prompt re-plan does), and 0.2 s after a car arrives or
 * leaves.
 */
export interface SiteOptions {
  breakerA: number;
  /** The building's own load per phase at second `t` (A). */
  building: (t: number) => number;
  /** Stations in the group (SIM-1…). */
  stations: number;
  meterEveryS: number;
  stationEveryS: number;
  periodS?: number;
  /** When the meter stops reading (seconds) and for how long; none by default. */
  meterSilent?: { from: number; forS: number };
  /** The record's tuning columns (the defaults otherwise). */
  tuning?: Partial<
    Record<'dead_band_a' | 'dwell_s' | 'max_profiles_per_min' | 'follow_s' | 'building_worst_a' | 'min_per_charger_a', number>
  >;
}

export interface CarPlan {
  station: number;
  arrive: number;
  leave?: number;
  /** What its on-board charger takes at most (A per phase; default 40, more than any limit). */
  takesA?: number;
  /** Seconds it takes to follow a new limit. */
  followS?: number;
}

export interface Profile {
  t: number;
  station: string;
  limitA: number;
}

/** The simulated clock's origin: 15:00 UTC on 1 December 2026 (noon in São Paulo). */
export const T0 = Date.UTC(2026, 11, 1, 15, 0, 0);
const at = (s: number) => new Date(T0 + Math.round(s * 1000));

interface Car extends Required<Omit<CarPlan, 'leave'>> {
  leave?: number;
  tx?: number;
  limit: number | null;
  drawA: number;
  from: number;
  since: number;
}

export class Site {
  readonly profiles: Profile[] = [];
  /** The default limit (TxDefaultProfile) each station holds. */
  readonly defaults = new Map<string, number>();
  /** The total on the breaker per second (A), for the excursion checks. */
  readonly totals: { t: number; totalA: number }[] = [];
  private cars: Car[] = [];
  private loop!: SmartChargingLoop;
  private meterPk!: number;
  groupPk!: number;
  private ids: string[] = [];
  private constructor(
    private readonly t: TestApp,
    private readonly o: SiteOptions,
  ) {}

  static async create(t: TestApp, o: SiteOptions, name: string): Promise<Site> {
    const site = new Site(t, o);
    await site.setUp(name);
    return site;
  }

  private async setUp(name: string) {
    const { t, o } = this;
    const move = await tenantPk(t, 'move');
    this.groupPk = (
      await t.db
        .insertInto('virtual_groups')
        .values({ tenant_pk: move, name, description: 'Simulated site' })
        .returning('virtual_group_pk')
        .executeTakeFirstOrThrow()
    ).virtual_group_pk;
    for (let i = 1; i <= o.stations; i++) {
      const id = `${name}-${i}`;
      this.ids.push(id);
      await aStation(t, { id, tenant: 'move', connectors: 1 });
      await t.db
        .updateTable('charge_boxes')
        .set({ system: 'THREE_PHASE', phase: 'ABC', voltage: 380, charging_rate_unit: 'A', ocpp_protocol: 'ocpp1.6' })
        .where('charge_box_id', '=', id)
        .execute();
      const pk = await stationPk(t, id);
      await t.db.insertInto('virtual_group_charge_boxes').values({ virtual_group_pk: this.groupPk, charge_box_pk: pk }).execute();
      // Connected for as long as any test runs.
      await t.db
        .insertInto('station_connections')
        .values({
          charge_box_pk: pk,
          connection_id: randomUUID(),
          node_id: 'sim',
          protocol: 'ocpp1.6',
          remote_address: null,
          connected_at: new Date('2026-01-01T00:00:00Z'),
          last_seen_at: new Date('2100-01-01T00:00:00Z'),
        })
        .execute();
    }
    this.meterPk = await aMeter(t, {
      tenantPk: move,
      mac: `AA:BB:CC:00:00:${String(this.groupPk).padStart(2, '0')}`,
      deviceRemoteId: `${name}-meter`,
    });
    await t.db
      .insertInto('smart_charging')
      .values({
        tenant_pk: move,
        virtual_group_pk: this.groupPk,
        enabled: true,
        start_date: '2026-12-01',
        end_date: '2026-12-02',
        current_nominal_a: o.breakerA,
        meter_pk: this.meterPk,
        meter_in_circuit: true,
        ...o.tuning,
      })
      .execute();
    this.loop = new SmartChargingLoop({
      db: t.db,
      operations: {
        sendSystemCommand: async (req) => {
          const params = req.parameters as { limitA?: number; transactionId?: number; default?: boolean };
          const limitA = params.limitA;
          if (req.action === 'SetChargingProfile' && params.default && limitA !== undefined)
            this.defaults.set(req.station.charge_box_id, limitA);
          else if (req.action === 'SetChargingProfile' && limitA !== undefined) {
            this.profiles.push({ t: this.now, station: req.station.charge_box_id, limitA });
            const car = this.cars.find((c) => c.tx === (req.parameters as { transactionId: number }).transactionId);
            if (car) this.setLimit(car, limitA);
          }
          return {
            taskPk: null as never,
            result: { status: 'answered', response: 'Accepted', errorCode: null, errorMessage: null, detail: null },
          };
        },
      },
      config: { periodMs: (o.periodS ?? 5) * 1000, marginA: 5, meterOnlineWindowSec: 60, pingIntervalSec: 30, commandTimeoutMs: 1000 },
      log: { error: (obj) => console.error(obj), warn: () => undefined },
    });
  }

  private now = 0;

  /** What the car is heading for, and from where. */
  private setLimit(car: Car, limitA: number) {
    car.from = car.drawA;
    car.since = this.now;
    car.limit = limitA;
  }

  private drawOf(car: Car, t: number): number {
    const goal = car.limit === null ? 0 : Math.min(car.limit, car.takesA);
    const progress = car.followS <= 0 ? 1 : Math.min(1, (t - car.since) / car.followS);
    return Math.round((car.from + (goal - car.from) * progress) * 1000) / 1000;
  }

  add(plan: CarPlan) {
    this.cars.push({ takesA: 40, followS: 1, ...plan, limit: null, drawA: 0, from: 0, since: plan.arrive });
  }

  /** Runs the site from second `from` to `to` (inclusive). */
  async run(from: number, to: number) {
    const period = this.o.periodS ?? 5;
    for (let s = from; s <= to; s++) {
      this.now = s;
      for (const car of this.cars) if (car.tx !== undefined) car.drawA = this.drawOf(car, s);
      let replan = false;
      // Arrivals and departures at this second.
      for (const car of this.cars) {
        if (car.arrive === s) {
          car.tx = await aTransaction(this.t, {
            station: this.ids[car.station - 1],
            idTag: `SIM-TAG-${this.groupPk}-${car.station}`,
            minutes: null,
            start: at(s),
          });
          car.drawA = 0;
          replan = true;
        }
        if (car.leave === s && car.tx !== undefined) {
          await this.t.db
            .updateTable('transactions')
            .set({ stop_timestamp: at(s), stop_reason: 'EVDisconnected' })
            .where('transaction_pk', '=', car.tx)
            .execute();
          car.tx = undefined;
          car.limit = null;
          car.drawA = 0;
          replan = true;
        }
      }
      const charging = this.cars.filter((c) => c.tx !== undefined);
      const total = this.o.building(s) + charging.reduce((sum, c) => sum + c.drawA, 0);
      this.totals.push({ t: s, totalA: Math.round(total * 1000) / 1000 });
      const silent = this.o.meterSilent && s >= this.o.meterSilent.from && s < this.o.meterSilent.from + this.o.meterSilent.forS;
      const reading = s % this.o.meterEveryS === 0 && !silent;
      if (reading)
        await this.t.db
          .insertInto('meter_measurements')
          .values({ meter_pk: this.meterPk, measured_at: at(s), phase_1_a: total, phase_2_a: total, phase_3_a: total })
          .execute();
      for (const car of charging) {
        if (s > car.arrive && (s - car.arrive) % this.o.stationEveryS === 0) {
          const connector = await this.t.db
            .selectFrom('transactions')
            .select('connector_pk')
            .where('transaction_pk', '=', car.tx!)
            .executeTakeFirstOrThrow();
          await this.t.db
            .insertInto('meter_values')
            .values({
              transaction_pk: car.tx!,
              connector_pk: connector.connector_pk,
              value_timestamp: at(s),
              measurand: 'Current.Import',
              phase: null,
              unit: 'A',
              value: car.drawA,
            })
            .execute();
        }
      }
      if (replan || s % period === 0) {
        this.now = s + 0.2;
        await this.loop.runOnce(at(s + 0.2));
        this.now = s;
      }
    }
  }

  /** Profiles sent to one station (its number), as [second, limit]. */
  profilesOf(station: number): [number, number][] {
    const id = this.ids[station - 1];
    return this.profiles.filter((p) => p.station === id).map((p) => [p.t, p.limitA]);
  }

  highestTotal(fromS = -Infinity) {
    return Math.max(...this.totals.filter((x) => x.t >= fromS).map((x) => x.totalA));
  }

  async events(kind: string) {
    return this.t.db
      .selectFrom('smart_charging_events')
      .select(['at', 'detail'])
      .where('virtual_group_pk', '=', this.groupPk)
      .where('kind', '=', kind as never)
      .orderBy('event_pk')
      .execute();
  }
}
