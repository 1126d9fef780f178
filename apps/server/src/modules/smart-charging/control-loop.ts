import type { Kysely } from 'kysely';
import { liveTopics, type LiveSmartCharging } from '@recarga/contracts/live';
import type { FailsafeEndedEventDetail, FailsafeEventDetail, SmartChargingEventKind } from '@recarga/contracts/smart-charging';
import type { DB } from '../../db/db';
import type { SmartChargingCommandStatus } from '../../db/schema-smart-charging';
import { zoneOf } from '../dynamic-pricing/service';
// readings.ts is the meters module's public face for this loop (see its header); the boundaries rule
// knows public faces by the name *-service.ts only — to be renamed by its owner (docs/decisions.md).
// eslint-disable-next-line boundaries/dependencies
import { isOnline, latestMeasurement } from '../meters/readings';
import type { OperationService } from '../operations/service';
import type { TenantLog } from '../logs/tenant-log-service';
import type { LivePublisher } from '../../platform/live-publisher';
import { chargingLimit, defaultLimit, SMART_DEFAULT_PROFILE_ID, SMART_PROFILE_ID_BASE } from './charging-limit';
import {
  BUILDING_HOLD_MS,
  CAR_CAP_SLACK_A,
  carCap,
  controlWindowMs,
  floorTenth,
  idleDefault,
  plan,
  settledAt,
  type BuildingFigure,
  type PhaseIndex,
  type Phases,
  type Plan,
  type PlannerSession,
  type Tuning,
} from './planner';
import * as repo from './repository';
import { measuredByPhase, ratingA, wiring } from './station-electrics';

/** How many times the loop tries to clear the limit of a recharge it no longer controls. */
export const MAX_RELEASE_TRIES = 5;

/** The longest wait between two tries of a session whose station refused or missed its limit. */
export const MAX_RETRY_MS = 5 * 60_000;

export interface LoopDeps {
  db: Kysely<DB>;
  operations: Pick<OperationService, 'sendSystemCommand'>;
  config: {
    periodMs: number;
    marginA: number;
    /** A meter reading (and a session's Current.Import) older than this is stale. */
    meterOnlineWindowSec: number;
    pingIntervalSec: number;
    /** How long a station has to answer a limit (ms). */
    commandTimeoutMs: number;
  };
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => Date;
  /** The per-tenant operational log: each limit sent and the loop's state changes. */
  tenantLog?: Pick<TenantLog, 'smartChargingLimit' | 'smartChargingEvents'>;
  /** The live gateway's publisher: a new plan or events go to the group's tab (topic `smartCharging`). */
  live?: Pick<LivePublisher, 'publish'>;
}

/** The local calendar date ('YYYY-MM-DD') of an instant in a zone. */
export function localDate(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Backoff after `failures` failed tries in a row: one period, doubling, at most five minutes. */
export function retryDelayMs(periodMs: number, failures: number): number {
  return Math.min(MAX_RETRY_MS, periodMs * 2 ** Math.max(0, failures - 1));
}

type Group = Awaited<ReturnType<typeof repo.enabledRecords>>[number];
type SessionRow = Awaited<ReturnType<typeof repo.openSessions>>[number];

/**
 * The load manager's control loop (issue 18 items 5–7): for each enabled group inside its dates,
 * reads the meter and the running sessions, asks the planner, sends each changed limit as a
 * SetChargingProfile task (origin SMART_CHARGING) through the operations service, and records the
 * events. Runs as a cluster job (one node at a time holds its lease); `cycle` coalesces the job's
 * period with prompt re-plans (a meter reading, a recharge starting or stopping, a station's
 * refusal).
 */
export class SmartChargingLoop {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly now: () => Date;

  constructor(private readonly deps: LoopDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** One pass now, or — if a pass is under way — one more right after it. */
  cycle(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.runOnce();
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop() {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  /** Every enabled group inside its dates, one after the other. */
  async runOnce(now = this.now()): Promise<void> {
    const groups = (await repo.enabledRecords(this.deps.db)).filter((g) => {
      const today = localDate(now, zoneOf(g));
      return Boolean(g.start_date && g.end_date && today >= g.start_date && today <= g.end_date && g.current_nominal_a !== null);
    });
    try {
      await this.release(
        groups.map((g) => g.virtual_group_pk),
        now,
      );
      await this.releaseDefaults(
        groups.map((g) => g.virtual_group_pk),
        now,
      );
    } catch (err) {
      this.deps.log.error({ err }, 'smart charging: releasing limits failed');
    }
    for (const g of groups) {
      if (this.stopped) return;
      try {
        await this.runGroup(g, now);
      } catch (err) {
        this.deps.log.error({ err, virtualGroupPk: g.virtual_group_pk }, 'smart charging: group pass failed');
      }
    }
  }

  /**
   * Gives back their full current to the recharges the load manager no longer controls (the
   * group's record disabled, its dates over, the record gone, the station out of the group): a
   * ClearChargingProfile of the load manager's own profile on each running one — a task of origin
   * SMART_CHARGING like the limits — then the session is forgotten. A station that does not answer
   * is tried again with the limits' backoff, at most MAX_RELEASE_TRIES times (its limit then ends
   * with the recharge).
   */
  private async release(controlled: number[], now: Date) {
    const rows = await repo.releasedSessions(this.deps.db, controlled);
    await Promise.all(
      rows.map(async (r) => {
        if (r.stop_timestamp || r.failures >= MAX_RELEASE_TRIES) return repo.forgetSession(this.deps.db, r.transaction_pk);
        if (r.retry_at && new Date(r.retry_at) > now) return;
        const cleared = await this.clearProfile(r, SMART_PROFILE_ID_BASE + r.connector_id, {
          virtualGroupId: r.virtual_group_pk,
          connectorId: r.connector_id,
          transactionId: r.transaction_pk,
        });
        if (cleared) return repo.forgetSession(this.deps.db, r.transaction_pk);
        const failures = r.failures + 1;
        await repo.deferRelease(
          this.deps.db,
          r.transaction_pk,
          failures,
          new Date(now.getTime() + retryDelayMs(this.deps.config.periodMs, failures)),
        );
      }),
    );
  }

  /**
   * Sends a ClearChargingProfile of one of the load manager's own profiles (a task of origin
   * SMART_CHARGING). True when the station answered: Accepted, or Unknown (it holds no such profile
   * any more) — either way the profile is gone.
   */
  private async clearProfile(station: { charge_box_pk: number; charge_box_id: string; tenant_pk: number }, id: number, parameters: object) {
    const { result } = await this.deps.operations.sendSystemCommand({
      origin: 'SMART_CHARGING',
      issuer: 'smart-charging',
      operationName: 'clear_charging_profile',
      station,
      action: 'ClearChargingProfile',
      payload: { id },
      parameters: { ...parameters, release: true },
      timeoutMs: this.deps.config.commandTimeoutMs,
    });
    return result.status === 'answered';
  }

  /**
   * Clears the load manager's default profile from the stations it no longer manages (the group's
   * load manager off or gone, the station out of the group), as `release` does for limits.
   */
  private async releaseDefaults(controlled: number[], now: Date) {
    const rows = await repo.releasedDefaults(this.deps.db, controlled);
    await Promise.all(
      rows.map(async (r) => {
        if (r.status === 'RELEASING' && r.failures >= MAX_RELEASE_TRIES) return repo.forgetStationDefault(this.deps.db, r.charge_box_pk);
        // The backoff of an unanswered clear (a refused or unanswered default is cleared at once).
        if (r.status === 'RELEASING' && r.retry_at && new Date(r.retry_at) > now) return;
        if (await this.clearProfile(r, SMART_DEFAULT_PROFILE_ID, { connectorId: 0, default: true }))
          return repo.forgetStationDefault(this.deps.db, r.charge_box_pk);
        const failures = r.status === 'RELEASING' ? r.failures + 1 : 1;
        await repo.deferDefaultRelease(
          this.deps.db,
          r.charge_box_pk,
          failures,
          new Date(now.getTime() + retryDelayMs(this.deps.config.periodMs, failures)),
        );
      }),
    );
  }

  /**
   * Keeps on each connected station of the group the default limit `idleDefault` says (a
   * TxDefaultProfile, see charging-limit.ts) — for the stations with no recharge; a station busy
   * keeps the one it has. Sent when it has none or another, and after a refusal once its backoff is over.
   */
  private async keepDefaults(
    g: Group,
    stations: Awaited<ReturnType<typeof repo.groupStations>>,
    defaults: Awaited<ReturnType<typeof repo.stationDefaults>>,
    busy: Set<number>,
    p: Plan,
    tuning: Tuning,
    now: Date,
  ) {
    const byStation = new Map(defaults.map((d) => [d.charge_box_pk, d]));
    const mineOf = (pk: number) => {
      const d = byStation.get(pk);
      return d && d.virtual_group_pk === g.virtual_group_pk && d.status === 'ACCEPTED' ? d : undefined;
    };
    // The idle chargers' defaults together never exceed what the plan leaves free: two cars plugged in
    // at once must not both take the same free current before their own limits. Those that hold a
    // default already are served first (no change for them while it fits), then by station.
    const remaining = [...p.freeA] as Phases;
    const holds = (st: { charge_box_pk: number }) => Number(mineOf(st.charge_box_pk)?.limit_a ?? 0) > 0;
    const idle = stations
      .filter((st) => st.online && st.ocpp_protocol !== 'ocpp1.5' && !busy.has(st.charge_box_pk))
      .sort((a, b) => Number(holds(b)) - Number(holds(a)) || a.charge_box_pk - b.charge_box_pk);
    const wanted = idle
      .map((st) => {
        const d = byStation.get(st.charge_box_pk);
        const mine = mineOf(st.charge_box_pk);
        const lines = wiring(st.system, st.phase);
        const limitA = idleDefault({
          freeA: Math.min(...lines.map((ph) => remaining[ph])),
          current: mine ? Number(mine.limit_a) : null,
          since: mine ? new Date(mine.updated_at).getTime() : undefined,
          now: now.getTime(),
          tuning,
          noKnowledge: p.failsafeBasis === 'NO_KNOWLEDGE',
        });
        for (const ph of lines) remaining[ph] -= limitA;
        const due = mine
          ? Number(mine.limit_a) !== limitA
          : !d || d.virtual_group_pk !== g.virtual_group_pk || Number(d.limit_a) !== limitA || !d.retry_at || new Date(d.retry_at) <= now;
        return { st, limitA, due };
      })
      .filter((x) => x.due);
    await Promise.all(
      wanted.map(async ({ st, limitA }) => {
        const { result } = await this.deps.operations.sendSystemCommand({
          origin: 'SMART_CHARGING',
          issuer: 'smart-charging',
          operationName: 'set_charging_profile',
          station: st,
          action: 'SetChargingProfile',
          payload: defaultLimit(limitA),
          parameters: { virtualGroupId: g.virtual_group_pk, connectorId: 0, limitA, default: true },
          timeoutMs: this.deps.config.commandTimeoutMs,
        });
        const accepted = result.status === 'answered' && result.response === 'Accepted';
        const failures = accepted ? 0 : (byStation.get(st.charge_box_pk)?.failures ?? 0) + 1;
        await repo.saveStationDefault(this.deps.db, {
          chargeBoxPk: st.charge_box_pk,
          groupPk: g.virtual_group_pk,
          limitA,
          status: accepted ? 'ACCEPTED' : result.status === 'answered' ? 'REJECTED' : 'FAILED',
          failures,
          // A station that refuses a default is asked again after a while, not every pass.
          retryAt: accepted ? null : new Date(now.getTime() + Math.max(MAX_RETRY_MS, retryDelayMs(this.deps.config.periodMs, failures))),
          at: now,
        });
      }),
    );
  }

  private async runGroup(g: Group, now: Date) {
    const { db, config } = this.deps;
    const groupPk = g.virtual_group_pk;
    const tuning = tuningOf(g);
    const windowMs = controlWindowMs(config.periodMs, config.meterOnlineWindowSec * 1000);
    const [state, reading, stations, rows] = await Promise.all([
      repo.stateOf(db, groupPk),
      g.meter_pk === null ? Promise.resolve(null) : latestMeasurement(db, g.meter_pk),
      repo.groupStations(db, groupPk, config.pingIntervalSec),
      repo.openSessions(db, groupPk),
    ]);
    const memory = readMemory(state?.estimator, now.getTime());
    const defaults = await repo.stationDefaults(
      db,
      stations.map((s) => s.charge_box_pk),
    );
    /** The default limit a station holds from this group's load manager (accepted), if any. */
    const defaultOf = new Map(
      defaults.filter((d) => d.status === 'ACCEPTED' && d.virtual_group_pk === groupPk).map((d) => [d.charge_box_pk, Number(d.limit_a)]),
    );
    const meterOnline = reading ? isOnline(reading.measuredAt, now, { meters: { onlineWindowSec: config.meterOnlineWindowSec } }) : false;
    // Online (alive) is not enough to plan on: the reading must be recent.
    const meterFresh = meterOnline && reading !== null && now.getTime() - reading.measuredAt.getTime() <= windowMs;
    const readingAt = meterFresh && reading ? reading.measuredAt : null;
    // Recharges that stopped after the reading are still in it: their draw is taken off too. Those
    // that stopped within SAMPLE_ALIGN_MS of it may or may not be in it (station and meter clocks
    // differ): the estimator takes their draw as anywhere from 0 (see PlannerSession.stoppedNearReading).
    // Left out, a car that stopped a few tenths after the reading had its draw counted as building,
    // and the figure stayed that much high while other cars followed their limits.
    const ended =
      readingAt && g.meter_in_circuit ? await repo.endedSessions(db, groupPk, new Date(readingAt.getTime() - SAMPLE_ALIGN_MS)) : [];
    // Each car's report: its latest Current.Import at or before the reading (the meter in circuit)
    // within REPORT_WINDOW_MS — stations report every minute or less often, and the estimator knows
    // how old a report is; and its latest of all, for what it takes under its limit (the car cap).
    const pks = [...rows, ...ended].map((r) => r.transaction_pk);
    const since = new Date(now.getTime() - REPORT_WINDOW_MS);
    const aligned = g.meter_in_circuit && reading !== null;
    const samples = await repo.currentSamples(db, pks, since, aligned ? samplesUntil(reading.measuredAt) : undefined);
    const latest = aligned ? await repo.currentSamples(db, pks, since) : samples;
    const stationOf = new Map(stations.map((s) => [s.charge_box_pk, s]));
    const rowOf = new Map<number, SessionRow>();
    const toSession = (r: SessionRow): PlannerSession | null => {
      const st = stationOf.get(r.charge_box_pk);
      if (!st) return null;
      const lines = wiring(st.system, st.phase);
      const own = samples.filter((s) => s.transaction_pk === r.transaction_pk);
      const changed = r.limit_changed_at ?? r.limit_since;
      const session: PlannerSession = {
        transactionId: r.transaction_pk,
        chargeBoxId: st.charge_box_id,
        connectorId: r.connector_id,
        arrivedAt: new Date(r.start_timestamp).getTime(),
        ratingA: ratingA(r.power_max, st.system, st.voltage),
        phases: lines,
        measuredA: measuredByPhase(
          own.map((s) => ({ phase: s.phase, value: Number(s.value) })),
          lines,
        ),
        // As old as its oldest line.
        measuredAt: own.length ? Math.min(...own.map((s) => new Date(s.value_timestamp).getTime())) : undefined,
        online: Boolean(st.online),
        supportsProfiles: st.ocpp_protocol !== 'ocpp1.5',
        lastCommand: r.status ?? null,
        previousLimitA: r.limit_a === null ? null : Number(r.limit_a),
        limitSince: changed ? new Date(changed).getTime() : undefined,
        limitBeforeA: r.previous_limit_a === null ? null : Number(r.previous_limit_a),
        followMs: r.follow_ms ?? tuning.followMs,
        defaultA: defaultOf.get(r.charge_box_pk) ?? null,
      };
      // What the car takes under its limit: its latest reports, once taken after it settled there.
      const settled = settledAt(session);
      session.appetiteA = settled === null ? null : appetite(latest, r.transaction_pk, lines, settled);
      // A report from before the limit changed that showed the car taking less than the limit it then
      // had: its charger or battery limits it, and a new limit does not change that.
      if (!session.appetiteA && session.limitSince !== undefined && session.limitBeforeA) {
        const before = appetite(latest, r.transaction_pk, lines, -Infinity);
        const reportAt = Math.max(
          ...latest.filter((x) => x.transaction_pk === r.transaction_pk).map((x) => new Date(x.value_timestamp).getTime()),
        );
        if (before && reportAt < session.limitSince && Math.max(...lines.map((p) => before[p])) < session.limitBeforeA - CAR_CAP_SLACK_A)
          session.appetiteA = before;
      }
      return session;
    };
    const sessions: PlannerSession[] = [];
    for (const r of rows) {
      const session = toSession(r);
      if (!session) continue;
      rowOf.set(r.transaction_pk, r);
      sessions.push(session);
    }
    const departed = ended
      .map((r) => {
        const session = toSession(r);
        const nearReading =
          readingAt !== null && r.stop_timestamp !== null && new Date(r.stop_timestamp).getTime() <= readingAt.getTime() + SAMPLE_ALIGN_MS;
        return session && nearReading ? { ...session, stoppedNearReading: true } : session;
      })
      .filter((x): x is PlannerSession => x !== null);
    const breakerA = Number(g.current_nominal_a);
    const p = plan({
      now: now.getTime(),
      breakerA,
      marginA: config.marginA,
      meterA: readingAt && reading ? reading.phases : null,
      meterAt: reading?.measuredAt.getTime(),
      meterInCircuit: g.meter_in_circuit,
      // A figure checked against a reading older than the control window is one the plan itself would
      // no longer trust (the failsafe took over meanwhile): the estimate starts again from the safe
      // side, the high end of the new reading's interval, and comes down as the cars settle.
      buildingBefore: memory.building && readingAt && readingAt.getTime() - memory.building.at <= windowMs ? memory.building : null,
      recentBuildingA: recentOf(memory.recent, readingAt),
      peak24A: peakOf(memory.hours),
      lastBuildingA: memory.building?.a ?? null,
      chargerCount: stations.length,
      sessions,
      departed,
      tuning,
      sentLastMinute: new Map(Object.entries(memory.sent).map(([id, at]) => [id, at.length])),
    });
    // What the estimator keeps: the building figure of this reading and its hourly peak.
    if (p.mode === 'DYNAMIC' && readingAt && p.estimatedA) {
      memory.building = { at: readingAt.getTime(), a: p.estimatedA, ...(p.releasedIds.length ? { released: p.releasedIds } : {}) };
      // The hold rides on what each reading proved of the building (its interval's low end).
      const proven = p.buildingRangeA?.low ?? p.estimatedA;
      memory.recent = [...memory.recent.filter((r) => r.at !== readingAt.getTime()), { at: readingAt.getTime(), a: proven }];
      recordPeak(memory.hours, readingAt.getTime(), p.estimatedA);
    }

    const events: { kind: SmartChargingEventKind; chargeBoxPk?: number | null; detail: unknown }[] = [];
    if (g.meter_pk !== null && state?.meter_online !== meterOnline)
      events.push({
        kind: meterOnline ? 'METER_ONLINE' : 'METER_OFFLINE',
        detail: { measured_at: reading?.measuredAt.toISOString() ?? null, phases_a: reading?.phases ?? null },
      });
    if (p.mode === 'FAILSAFE' && !state?.failsafe) {
      const busiest = ([0, 1, 2] as const).reduce((m, i) => (p.buildingA[i] > p.buildingA[m] ? i : m), 0 as PhaseIndex);
      const detail: FailsafeEventDetail = {
        reason: g.meter_pk === null ? 'NO_METER' : meterOnline ? 'METER_STALE' : 'METER_OFFLINE',
        basis: p.failsafeBasis!,
        breaker_a: breakerA,
        chargers: stations.length,
        building_a: floorTenth(p.buildingA[busiest]),
        available_a: floorTenth(p.availableA[busiest]),
        min_per_charger_a: tuning.minPerChargerA,
      };
      events.push({ kind: 'FAILSAFE', detail });
      memory.failsafeSince = now.getTime();
    }
    if (p.mode === 'DYNAMIC' && state?.failsafe) {
      const since = memory.failsafeSince ?? (state.planned_at ? new Date(state.planned_at).getTime() : now.getTime());
      const detail: FailsafeEndedEventDetail = {
        reason: 'METER_READINGS_BACK',
        after_s: Math.max(0, Math.round((now.getTime() - since) / 1000)),
      };
      events.push({ kind: 'FAILSAFE_ENDED', detail });
      memory.failsafeSince = null;
    }
    if (p.breached && !state?.breached)
      events.push({ kind: 'BREAKER_MARGIN_BREACHED', detail: { total_a: p.totalA, breaker_a: breakerA, margin_a: config.marginA } });

    // Limits to send: changed ones, and refused ones whose backoff is over.
    const due = p.sessions.filter((s) => {
      if (!s.send) return false;
      const r = rowOf.get(s.transactionId)!;
      return !(r.status === 'REJECTED' || r.status === 'FAILED') || !r.retry_at || new Date(r.retry_at) <= now;
    });
    for (const s of due) (memory.sent[s.chargeBoxId] ??= []).push(now.getTime());
    const outcomes = await Promise.all(
      due.map(async (s) => {
        const r = rowOf.get(s.transactionId)!;
        const st = stationOf.get(r.charge_box_pk)!;
        const { taskPk, result } = await this.deps.operations.sendSystemCommand({
          origin: 'SMART_CHARGING',
          issuer: 'smart-charging',
          operationName: 'set_charging_profile',
          station: st,
          action: 'SetChargingProfile',
          payload: chargingLimit({ connectorId: r.connector_id, transactionId: r.transaction_pk, limitA: s.limitA, now }),
          parameters: {
            virtualGroupId: groupPk,
            connectorId: r.connector_id,
            transactionId: r.transaction_pk,
            limitA: s.limitA,
            reason: s.reason,
          },
          timeoutMs: config.commandTimeoutMs,
        });
        const accepted = result.status === 'answered' && result.response === 'Accepted';
        const failures = accepted ? 0 : (r.failures ?? 0) + 1;
        const status: SmartChargingCommandStatus = accepted ? 'ACCEPTED' : result.status === 'answered' ? 'REJECTED' : 'FAILED';
        const retryAt = accepted ? null : new Date(now.getTime() + retryDelayMs(config.periodMs, failures));
        await repo.saveSession(db, {
          transactionPk: r.transaction_pk,
          groupPk,
          chargeBoxPk: r.charge_box_pk,
          connectorId: r.connector_id,
          limitA: s.limitA,
          status,
          failures,
          retryAt,
          taskPk,
          at: now,
        });
        this.deps.tenantLog?.smartChargingLimit(g.tenant_pk, st.charge_box_id, {
          groupPk,
          connectorId: r.connector_id,
          transactionId: r.transaction_pk,
          limitA: s.limitA,
          reason: s.reason,
          status,
        });
        if (!accepted)
          events.push({
            kind: 'PROFILE_REJECTED',
            chargeBoxPk: r.charge_box_pk,
            detail: {
              charge_box_code: st.charge_box_id,
              connector_id: r.connector_id,
              transaction_id: r.transaction_pk,
              limit_a: s.limitA,
              answer: result.response ?? result.errorCode,
              failures,
              retry_at: retryAt!.toISOString(),
              task_id: taskPk,
            },
          });
        return { session: s, accepted, status };
      }),
    );
    await this.keepDefaults(g, stations, defaults, new Set(rows.map((r) => r.charge_box_pk)), p, tuning, now);
    // How long each car took to follow its limit, learned from its reports (see followLearned).
    await Promise.all(
      sessions.map((s) => {
        const learned = followLearned(s, tuning.followMs);
        return learned === null ? undefined : repo.saveFollow(db, s.transactionId, learned);
      }),
    );
    const summary = planSummary(p, now);
    if (outcomes.length > 0)
      events.push({
        kind: 'PLAN_CHANGED',
        detail: { ...summary, sent: outcomes.map((o) => ({ transaction_id: o.session.transactionId, result: o.status })) },
      });
    // A stopped recharge is forgotten once the meter has read the building without it.
    await repo.forgetSessions(
      db,
      groupPk,
      rows.map((r) => r.transaction_pk),
      g.meter_in_circuit && meterOnline && reading ? new Date(reading.measuredAt.getTime() - SAMPLE_ALIGN_MS) : null,
    );
    await repo.insertEvents(
      db,
      events.map((e) => ({ groupPk, at: now, ...e })),
    );
    this.deps.tenantLog?.smartChargingEvents(g.tenant_pk, groupPk, events);
    await repo.saveState(db, groupPk, {
      meterOnline: g.meter_pk === null ? null : meterOnline,
      failsafe: p.mode === 'FAILSAFE',
      breached: p.breached,
      plan: summary,
      plannedAt: now,
      estimator: memory,
    });
    // The group's tab follows the plan live; an unchanged plan is not news (its poll is the backstop).
    if (this.deps.live && (events.length > 0 || !samePlan(state?.plan, summary))) {
      const message: LiveSmartCharging = {
        virtual_group_id: groupPk,
        plan: {
          planned_at: now.toISOString(),
          mode: summary.mode,
          meter_online: summary.meter_online,
          available_a: summary.available_a,
          building_a: summary.building_a,
          failsafe_basis: summary.failsafe_basis,
          sessions: summary.sessions.map((s) => ({
            charge_box_code: s.charge_box_code,
            connector_id: s.connector_id,
            transaction_id: s.transaction_id,
            limit_a: s.limit_a,
            reason: s.reason,
          })),
        },
        events: events.map((e) => e.kind),
      };
      this.deps.live
        .publish(g.tenant_pk, (apiKey) => liveTopics.smartCharging(apiKey, groupPk), message)
        .catch((err) => this.deps.log.warn({ err, virtualGroupPk: groupPk }, 'smart charging: live plan not published'));
    }
    // A station's refusal changes what the others may have: plan again right away.
    if (outcomes.some((o) => !o.accepted)) this.again = true;
  }
}

/** How far back a car's Current.Import is looked for: stations report every minute or less often. */
export const REPORT_WINDOW_MS = 15 * 60_000;
/** A car is taken to follow a limit within at least this long, however fast it showed it did (ms). */
export const MIN_FOLLOW_MS = 2_000;
/** … and at most this long, however slow (ms). */
export const MAX_FOLLOW_MS = 5 * 60_000;

/**
 * What a car's latest report says of how long it takes to follow a limit (ms), when it says
 * something new; null otherwise. A report taken after the change and before the time the car was
 * given that already shows it at its new limit (within CAR_CAP_SLACK_A; at or under it for a cut)
 * proves it faster: its follow time becomes that report's delay. A report taken after that time
 * that shows it still on its way (between the old limit and the new, more than the slack from the
 * new) proves it slower: its follow time becomes that delay, plus a quarter.
 */
export function followLearned(s: PlannerSession, defaultMs: number): number | null {
  if (s.lastCommand !== 'ACCEPTED' || s.previousLimitA === null || s.limitSince === undefined || s.measuredAt === undefined) return null;
  if (!s.measuredA || s.limitBeforeA === null || s.limitBeforeA === undefined) return null;
  const delay = s.measuredAt - s.limitSince;
  if (delay <= 0) return null;
  const follow = s.followMs ?? defaultMs;
  const lines = carCap(s).phases;
  const peak = Math.max(...lines.map((p) => s.measuredA![p]));
  const to = s.previousLimitA;
  const from = s.limitBeforeA;
  if (Math.abs(to - from) <= 2 * CAR_CAP_SLACK_A) return null;
  const raise = to > from;
  const arrived = raise ? peak >= to - CAR_CAP_SLACK_A : peak <= to + CAR_CAP_SLACK_A;
  const onTheWay = raise
    ? peak > from + CAR_CAP_SLACK_A && peak < to - CAR_CAP_SLACK_A
    : peak < from - CAR_CAP_SLACK_A && peak > to + CAR_CAP_SLACK_A;
  let learned: number | null = null;
  if (arrived && delay < follow) learned = Math.max(MIN_FOLLOW_MS, delay);
  else if (onTheWay && delay >= follow) learned = Math.min(MAX_FOLLOW_MS, Math.round(delay * 1.25));
  return learned === null || learned === follow ? null : learned;
}

/** The group's tuning from its record. */
export function tuningOf(g: {
  dead_band_a: number | string;
  dwell_s: number;
  max_profiles_per_min: number;
  follow_s: number;
  building_worst_a: number | string | null;
  min_per_charger_a: number | string;
}): Tuning {
  return {
    deadBandA: Number(g.dead_band_a),
    dwellMs: g.dwell_s * 1000,
    maxProfilesPerMin: g.max_profiles_per_min,
    followMs: g.follow_s * 1000,
    buildingWorstA: g.building_worst_a === null ? null : Number(g.building_worst_a),
    minPerChargerA: Number(g.min_per_charger_a),
  };
}

/**
 * The estimator's memory between passes (smart_charging_state.estimator): the building figure and
 * the reading it was checked against, the building's peak per hour of the last 24 h, the profiles
 * sent per station in the last minute, and when the failsafe began.
 */
export interface EstimatorMemory {
  building: BuildingFigure | null;
  /** The estimates of the readings of the last BUILDING_HOLD_MS. */
  recent: BuildingFigure[];
  hours: { hour: number; a: Phases }[];
  sent: Record<string, number[]>;
  failsafeSince: number | null;
}

const HOUR_MS = 3_600_000;
const isPhases = (x: unknown): x is Phases =>
  Array.isArray(x) && x.length === 3 && x.every((n) => typeof n === 'number' && Number.isFinite(n));

export function readMemory(stored: unknown, now: number): EstimatorMemory {
  const m = (stored ?? {}) as Record<string, unknown>;
  const b = m.building as { at?: unknown; a?: unknown; released?: unknown } | null | undefined;
  const hours = (Array.isArray(m.hours) ? m.hours : []).filter(
    (h): h is { hour: number; a: Phases } =>
      typeof (h as { hour?: unknown }).hour === 'number' &&
      isPhases((h as { a?: unknown }).a) &&
      now - (h as { hour: number }).hour * HOUR_MS < 25 * HOUR_MS,
  );
  const sent: Record<string, number[]> = {};
  for (const [id, at] of Object.entries((m.sent ?? {}) as Record<string, unknown>)) {
    const recent = (Array.isArray(at) ? at : []).filter((t): t is number => typeof t === 'number' && now - t < 60_000);
    if (recent.length) sent[id] = recent;
  }
  // The last building figure is kept for the failsafe within the 24 h of the peaks; the estimator
  // carries it into a new reading only within the control window (see runGroup).
  const released = Array.isArray(b?.released) ? b.released.filter((id): id is number => Number.isInteger(id)) : [];
  const building =
    b && typeof b.at === 'number' && isPhases(b.a) && now - b.at < 24 * HOUR_MS
      ? { at: b.at, a: b.a, ...(released.length ? { released } : {}) }
      : null;
  const recent = (Array.isArray(m.recent) ? m.recent : []).filter(
    (r): r is BuildingFigure =>
      typeof (r as { at?: unknown }).at === 'number' &&
      isPhases((r as { a?: unknown }).a) &&
      now - (r as { at: number }).at <= 2 * BUILDING_HOLD_MS,
  );
  return {
    building,
    recent,
    hours,
    sent,
    failsafeSince: typeof m.failsafeSince === 'number' ? m.failsafeSince : null,
  };
}

/** The highest building per phase the readings within BUILDING_HOLD_MS before `readingAt` proved (not itself); null when none. */
export function recentOf(recent: BuildingFigure[], readingAt: Date | null): Phases | null {
  if (!readingAt) return null;
  const at = readingAt.getTime();
  const within = recent.filter((r) => r.at < at && at - r.at <= BUILDING_HOLD_MS);
  if (within.length === 0) return null;
  return [0, 1, 2].map((p) => Math.max(...within.map((r) => r.a[p]!))) as Phases;
}

/** The building's highest figure per phase over the hourly peaks kept (the last 24 h); null when none. */
export function peakOf(hours: EstimatorMemory['hours']): Phases | null {
  if (hours.length === 0) return null;
  return [0, 1, 2].map((p) => Math.max(...hours.map((h) => h.a[p]!))) as Phases;
}

function recordPeak(hours: EstimatorMemory['hours'], at: number, a: Phases) {
  const hour = Math.floor(at / HOUR_MS);
  const slot = hours.find((h) => h.hour === hour);
  if (slot) slot.a = slot.a.map((x, p) => Math.max(x, a[p]!)) as Phases;
  else hours.push({ hour, a: [...a] as Phases });
  // 24 hourly slots and the current one.
  hours.sort((x, y) => x.hour - y.hour);
  while (hours.length > 25) hours.shift();
}

/**
 * The latest sample time that describes the same moment as a meter reading (its time plus a little
 * for the clocks of meter and stations). A sample taken after the reading would subtract a car's
 * climb that the reading does not contain yet: the building would come out too low and the plan
 * would hand out current that is not there, then take it back on the next reading (a see-saw the
 * bench showed as 20–30 A excursions). A sample older than the reading errs the other way (safe).
 */
export const SAMPLE_ALIGN_MS = 500;
const samplesUntil = (measuredAt: Date) => new Date(measuredAt.getTime() + SAMPLE_ALIGN_MS);

/**
 * What the car draws under its current limit, per building phase: its latest samples, when every
 * one was taken long enough after the limit was set (and after its last raise); null otherwise.
 */
function appetite(
  samples: { transaction_pk: number | null; phase: string | null; value: number | null; value_timestamp: Date | string }[],
  transactionPk: number,
  lines: PhaseIndex[],
  settledAt: number,
): [number, number, number] | null {
  const own = samples.filter((x) => x.transaction_pk === transactionPk);
  if (own.length === 0 || own.some((x) => new Date(x.value_timestamp).getTime() < settledAt)) return null;
  return measuredByPhase(
    own.map((x) => ({ phase: x.phase, value: Number(x.value) })),
    lines,
  );
}

/**
 * Whether a stored plan (jsonb: its keys come back in another order) says what a new one says: the
 * mode, the current left per phase and each session's limit and reason.
 */
export function samePlan(stored: unknown, next: ReturnType<typeof planSummary>): boolean {
  const a = stored as Partial<ReturnType<typeof planSummary>> | null | undefined;
  if (!a || a.mode !== next.mode || !Array.isArray(a.available_a) || !Array.isArray(a.sessions)) return false;
  if (a.available_a.length !== 3 || a.available_a.some((x, i) => x !== next.available_a[i])) return false;
  if (a.sessions.length !== next.sessions.length) return false;
  return a.sessions.every((s, i) => {
    const n = next.sessions[i]!;
    return s.transaction_id === n.transaction_id && s.connector_id === n.connector_id && s.limit_a === n.limit_a && s.reason === n.reason;
  });
}

/**
 * The plan as the tab and the PLAN_CHANGED event show it: who gets how many amperes, and why; with
 * the building load it counted (`building_a`: estimated, or assumed in failsafe, and then on what
 * basis) and, for a held limit, the fair share it keeps instead (`planned_a`).
 */
function planSummary(p: Plan, now: Date) {
  return {
    mode: p.mode,
    meter_online: p.mode === 'DYNAMIC',
    available_a: p.availableA.map((a) => Math.floor(a * 10) / 10),
    building_a: p.buildingA.map((a) => Math.floor(a * 10) / 10),
    building_range_a: p.buildingRangeA
      ? { low: p.buildingRangeA.low.map((a) => Math.floor(a * 10) / 10), high: p.buildingRangeA.high.map((a) => Math.floor(a * 10) / 10) }
      : null,
    failsafe_basis: p.failsafeBasis,
    planned_at: now.toISOString(),
    sessions: p.sessions.map((s) => ({
      charge_box_code: s.chargeBoxId,
      connector_id: s.connectorId,
      transaction_id: s.transactionId,
      limit_a: s.limitA,
      reason: s.reason,
      ...(s.safety ? { safety: true } : {}),
      ...(s.plannedA === undefined ? {} : { planned_a: s.plannedA }),
    })),
  };
}
