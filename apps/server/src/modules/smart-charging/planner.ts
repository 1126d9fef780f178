import { IEC_MIN_CURRENT_A, type FailsafeBasis, type PlanReason } from '@recarga/contracts/smart-charging';

/**
 * The load manager's arithmetic (issue 18 items 5–6, issue 41), pure: no clock, no database, no
 * I/O. The control loop gathers the inputs, calls `plan`, and sends what it says to send.
 *
 * 1. **The estimator.** Each car's draw is estimated at the meter's reading time from what is
 *    known of it: its last Current.Import (and how old it is), the limit in force, the limit before,
 *    and how long the car takes to follow a limit (`drawAt`). A car whose report is older than its
 *    limit's last change, and which has had time to follow it, is taken to draw that limit (or what
 *    it took before, when it took less than offered). While a car is following a change, its draw is
 *    known only between the two limits. The building's load is the meter's total less the cars'
 *    draw: an interval, narrow when every car has settled. The figure kept moves only when a reading
 *    proves it wrong (it is clamped into each new interval), so the cars' own changes and reports
 *    that arrive once a minute do not make it swing; a breach raises it at once by the excess.
 *    The plan counts at least the highest building the readings of the last BUILDING_HOLD_MS (20 s)
 *    proved (their intervals' low ends), so the meter's noise does not hand out current one reading
 *    and take it back the next. Never negative.
 * 2. **The targets.** Per phase, available = breaker − building − safety margin, shared max-min
 *    fairly (progressive filling) among the sessions under control, each at least the IEC 61851
 *    minimum of 6 A or paused at 0 A — the latest arrivals paused first. A car already running is
 *    paused only when the cars at the minimum would eat more than half the safety margin (the same
 *    hysteresis as the cuts'), so a building within a few tenths per car of the line does not pause
 *    it now and resume it a dwell later; a car starting or resuming gets no such slack.
 * 3. **Stability** (`settle`). A session that already has a limit changes it only when the change
 *    is worth it (at least the dead band; pausing always is, resuming only with a dead band above
 *    the minimum), not within the dwell of its last change, and not beyond its station's profiles
 *    per minute. Those that may change share what the held ones leave. Safety comes first, with
 *    hysteresis: when the held limits eat into more than half the safety margin, or leave a car that
 *    has room without its minimum (an arrival), the highest held limits are cut at once, whatever
 *    the dwell or the rate, back to the whole margin — one car giving the whole lack when it can
 *    within one minimum of its target, else each car cut to its target, by a dead band at least.
 * 4. **Failsafe** (no fresh reading). The building is assumed at the highest of its highest figure
 *    in the last 24 h, its last figure and the configured worst case; with none of these, at the
 *    whole breaker less the guaranteed minimum per charger (so the chargers share exactly that
 *    minimum each). The chargers are never handed the whole breaker.
 *
 * A session the loop cannot control (station offline, a 1.5 station, a profile rejected or not
 * acknowledged within its timeout) is assumed to draw its connector's full rating, which is taken
 * off the current the others share. Limits are floored to 0.1 A (the OCPP 1.6 schema's
 * `multipleOf 0.1`), never rounded up.
 */

export type Phases = [number, number, number];
export type PhaseIndex = 0 | 1 | 2;
export type { PlanReason };

/** What became of the last SetChargingProfile sent for a session (null: none sent yet). */
export type CommandResult = 'ACCEPTED' | 'PENDING' | 'REJECTED' | 'FAILED' | null;

export interface PlannerSession {
  transactionId: number;
  chargeBoxId: string;
  connectorId: number;
  /** When the session started (ms since the epoch): the earliest keep charging under scarcity. */
  arrivedAt: number;
  /** The connector's rating per phase (A). */
  ratingA: number;
  /** The building phases the charger draws from (its wiring). */
  phases: readonly PhaseIndex[];
  /** The session's latest Current.Import per building phase; null when none is known. */
  measuredA: Phases | null;
  /** When that report was taken (ms since the epoch); absent when unknown (taken as old). */
  measuredAt?: number;
  /**
   * A departed session that stopped so close to the meter's reading that the clocks of station and
   * meter cannot tell whether its current is in it: its draw there is anywhere from 0 up.
   */
  stoppedNearReading?: boolean;
  /** The station is connected. */
  online: boolean;
  /** The station takes charging profiles (OCPP 1.6). */
  supportsProfiles: boolean;
  lastCommand: CommandResult;
  /** The limit last sent (accepted or awaiting its answer); null when none. */
  previousLimitA: number | null;
  /**
   * What the car draws per building phase under its accepted limit, once it has had time to settle
   * there (the loop fills it from a report taken after `settledAt`); null or absent when unknown.
   * See `carCap`.
   */
  appetiteA?: Phases | null;
  /** When the limit in force was set (ms since the epoch); absent when unknown. */
  limitSince?: number;
  /** The limit before that one (A); null when it is the first. */
  limitBeforeA?: number | null;
  /** How long this car takes to follow a new limit (ms): learned, or the group's setting. */
  followMs?: number;
  /** The default limit its station holds from the load manager (TxDefaultProfile, A): what the car draws at most before its own limit. */
  defaultA?: number | null;
}

/** The group's tuning (the record's settings, issue 41). */
export interface Tuning {
  /** A limit moves only by at least this much (A), unless pausing, resuming or safety needs it. */
  deadBandA: number;
  /** A car keeps a limit at least this long (ms) before it changes again, unless safety needs it. */
  dwellMs: number;
  /** Profiles a station takes per minute at most, safety cuts excepted. */
  maxProfilesPerMin: number;
  /** How long cars take to follow a new limit (ms), for a car not learned yet. */
  followMs: number;
  /** The building's worst case (A per phase) for the failsafe; null when not configured. */
  buildingWorstA: number | null;
  /** The guaranteed minimum per charger (A) the failsafe keeps when it knows nothing of the building. */
  minPerChargerA: number;
}

export const DEFAULT_TUNING: Tuning = {
  deadBandA: 1,
  dwellMs: 60_000,
  maxProfilesPerMin: 4,
  followMs: 30_000,
  buildingWorstA: null,
  minPerChargerA: IEC_MIN_CURRENT_A,
};

/** The building figure the estimator keeps between plans (smart_charging_state.estimator). */
export interface BuildingFigure {
  /** The meter reading it was last checked against (ms since the epoch). */
  at: number;
  /** Per phase (A). */
  a: Phases;
  /**
   * Sessions out of control that left before their first report and whose rating this figure
   * already added back (see estimateBuilding): a plan on the same reading does not add it twice.
   */
  released?: number[];
}

export interface PlannerInput {
  /** Now (ms since the epoch): dwell and the estimator's transitions are measured from it. */
  now: number;
  breakerA: number;
  marginA: number;
  /** The meter's latest reading per phase; null when the meter is offline or its reading stale. */
  meterA: Phases | null;
  /** When the meter took that reading (ms since the epoch); sessions that started later are not in it. */
  meterAt?: number;
  meterInCircuit: boolean;
  /** The figure the estimator kept from the plans before (null: none, or too old to trust). */
  buildingBefore?: BuildingFigure | null;
  /**
   * The highest building the readings of the last BUILDING_HOLD_MS before this one proved, per
   * phase (the low ends of their intervals; null: none): the figure planned on never falls below it,
   * so a meter's noise or a dip of a few seconds does not hand out current the next reading takes
   * back. Their low ends, not their figures: a figure kept on the safe side while the cars' draw was
   * uncertain is a guess, and holding it for 20 s once a reading disproves it paused every car.
   */
  recentBuildingA?: Phases | null;
  /** For the failsafe: the building's highest figure per phase in the last 24 h (null: none). */
  peak24A?: Phases | null;
  /** For the failsafe: the building's last figure (null: none). */
  lastBuildingA?: Phases | null;
  /**
   * Recharges that stopped after the meter's reading: no longer planned for, but their current is in
   * the reading, so it is taken off it like a running session's (with the meter in circuit).
   */
  departed?: PlannerSession[];
  /** The chargers in the group. */
  chargerCount: number;
  sessions: PlannerSession[];
  tuning: Tuning;
  /** Profiles sent to each station (by its id) in the last minute. */
  sentLastMinute?: ReadonlyMap<string, number>;
}

export interface PlannedSession {
  transactionId: number;
  chargeBoxId: string;
  connectorId: number;
  /** The limit the session should have (A); 0 pauses it. */
  limitA: number;
  /** What the plan counts it as drawing (its limit, or its rating when it is not under control). */
  assumedA: number;
  reason: PlanReason;
  /** The loop should send `limitA` now. */
  send: boolean;
  /** A cut that safety needs (sent whatever the dwell and the station's rate). */
  safety?: boolean;
  /** When the session keeps the limit it has (a HOLD_ reason): its fair share now (A). */
  plannedA?: number;
}

export interface Plan {
  mode: 'DYNAMIC' | 'FAILSAFE';
  /** The building's load the plan counted per phase: estimated (and held, see BUILDING_HOLD_MS), or assumed in failsafe. */
  buildingA: Phases;
  /** This reading's own estimate, before the hold (null in failsafe): what the estimator keeps. */
  estimatedA: Phases | null;
  /** The interval the latest reading allows for the building (null in failsafe). */
  buildingRangeA: { low: Phases; high: Phases } | null;
  /** With estimatedA, what the estimator keeps: the departed sessions whose rating it added back. */
  releasedIds: number[];
  /** In failsafe: which figure the building was assumed at. */
  failsafeBasis: FailsafeBasis | null;
  /** Current left for the group's sessions per phase, before the uncontrolled ones are taken off (≥ 0). */
  availableA: Phases;
  /** What is left free per phase once every session has its limit (A, ≥ 0). */
  freeA: Phases;
  /** The breaker's measured total per phase exceeds breaker − margin (null in failsafe). */
  breached: boolean;
  totalA: Phases | null;
  sessions: PlannedSession[];
}

const EPS = 1e-9;
const PHASES = [0, 1, 2] as const;
/** Floors to the 0.1 A step OCPP 1.6 accepts. */
export const floorTenth = (a: number) => Math.max(0, Math.floor(a * 10 + 1e-6) / 10);
/** Compared in tenths of an ampere, the unit limits are sent in (no float residue). */
const tenths = (a: number) => Math.round(a * 10);
const zero = (): Phases => [0, 0, 0];

interface Constraint {
  capacity: number;
  members: Set<number>;
}

/**
 * Max-min fair shares under several capacities (progressive filling): all unfrozen members rise by
 * the same amount until a member reaches its cap or a capacity is used up, which freezes the
 * members concerned; repeated until all are frozen. Returns each member's share.
 */
export function fairShares(caps: Map<number, number>, constraints: Constraint[]): Map<number, number> {
  const x = new Map<number, number>([...caps.keys()].map((k) => [k, 0]));
  const remaining = constraints.map((c) => c.capacity);
  const active = new Set([...caps.keys()].filter((k) => caps.get(k)! > EPS));
  // A member of a constraint already used up never rises.
  constraints.forEach((c, i) => {
    if (remaining[i]! <= EPS) for (const m of c.members) active.delete(m);
  });
  while (active.size > 0) {
    let step = Infinity;
    for (const k of active) step = Math.min(step, caps.get(k)! - x.get(k)!);
    constraints.forEach((c, i) => {
      const n = [...c.members].filter((m) => active.has(m)).length;
      if (n > 0) step = Math.min(step, remaining[i]! / n);
    });
    for (const k of active) x.set(k, x.get(k)! + step);
    constraints.forEach((c, i) => {
      remaining[i]! -= step * [...c.members].filter((m) => active.has(m)).length;
    });
    for (const k of [...active]) if (caps.get(k)! - x.get(k)! <= EPS) active.delete(k);
    constraints.forEach((c, i) => {
      if (remaining[i]! <= EPS) for (const m of c.members) active.delete(m);
    });
  }
  return x;
}

/**
 * Fair shares with the IEC minimum: while a member would get less than 6 A, the latest arrival
 * among the members sharing a used-up capacity with it is paused (0 A) and the shares recomputed.
 * Hysteresis on pausing: when every member short of the minimum is a car already running, they
 * keep the minimum while `fits` says that eats no more than half the safety margin (as held limits
 * may): a building a few tenths of an ampere per car above the line, or the meter's noise, does not
 * pause a car now and resume it a dwell later.
 */
function sharesWithMinimum(
  members: PlannerSession[],
  capOf: (s: PlannerSession) => number,
  constraintsOf: (active: PlannerSession[]) => Constraint[],
  running: (s: PlannerSession) => boolean,
  fits: (limits: Map<number, number>) => boolean,
): { shares: Map<number, number>; paused: Set<number> } {
  const byArrival = [...members].sort((a, b) => a.arrivedAt - b.arrivedAt || a.transactionId - b.transactionId);
  const paused = new Set<number>(byArrival.filter((s) => capOf(s) < IEC_MIN_CURRENT_A).map((s) => s.transactionId));
  for (;;) {
    const active = byArrival.filter((s) => !paused.has(s.transactionId));
    const constraints = constraintsOf(active);
    const shares = fairShares(new Map(active.map((s) => [s.transactionId, capOf(s)])), constraints);
    const short = active.filter((s) => floorTenth(shares.get(s.transactionId)!) < IEC_MIN_CURRENT_A);
    if (short.length === 0) return { shares, paused };
    if (short.every(running)) {
      const kept = new Map(shares);
      for (const s of short) kept.set(s.transactionId, IEC_MIN_CURRENT_A);
      if (fits(kept)) return { shares: kept, paused };
    }
    const shortKeys = new Set(short.map((s) => s.transactionId));
    const involved = new Set<number>(shortKeys);
    for (const c of constraints) if ([...c.members].some((m) => shortKeys.has(m))) for (const m of c.members) involved.add(m);
    const latest = [...active].reverse().find((s) => involved.has(s.transactionId))!;
    paused.add(latest.transactionId);
  }
}

function uncontrolledReason(s: PlannerSession): PlanReason | null {
  if (!s.supportsProfiles) return 'NO_PROFILES';
  if (!s.online) return 'STATION_OFFLINE';
  if (s.lastCommand === 'REJECTED' || s.lastCommand === 'FAILED') return 'PROFILE_REJECTED';
  return null;
}

/** A car drawing at least this much under its limit takes less than it is offered (A). */
export const CAR_CAP_SLACK_A = 1;
/** What a car that takes less than offered keeps above its draw, to show it wants more (A). */
export const CAR_CAP_HEADROOM_A = 2;
/** A phase on which a charging car draws less than this carries none of its current (A). */
const IDLE_LINE_A = 1;

/** When the car has had time to follow its limit (ms since the epoch): the change plus its follow time. Null when unknown. */
export function settledAt(s: Pick<PlannerSession, 'limitSince' | 'previousLimitA' | 'followMs'>): number | null {
  if (s.limitSince === undefined || s.previousLimitA === null) return null;
  return s.limitSince + (s.followMs ?? 0);
}

/**
 * What a controlled session is offered at most, and on which building phases it counts. A car
 * whose on-board charger takes less than its accepted limit (an 11 kW car on a 22 kW charger, a
 * battery tapering near full) would leave the difference unused: it is capped at its settled draw
 * plus CAR_CAP_HEADROOM_A (at least the IEC minimum), and the rest goes to the others. When the
 * car wants more, it draws up to within CAR_CAP_SLACK_A of that cap, the cap no longer applies
 * and the next plan offers it its fair share again. A car drawing on some lines of its charger only
 * (a single-phase car on a three-phase charger) counts only on the phases it draws from: AC cars
 * do not change phases during a charge.
 */
export function carCap(s: PlannerSession): { capA: number; phases: readonly PhaseIndex[]; capped: boolean } {
  const appetite = s.appetiteA;
  if (!appetite || s.lastCommand !== 'ACCEPTED' || s.previousLimitA === null || s.previousLimitA <= 0)
    return { capA: s.ratingA, phases: s.phases, capped: false };
  const peak = Math.max(...s.phases.map((p) => appetite[p]));
  const drawing = peak >= IEC_MIN_CURRENT_A - IDLE_LINE_A;
  const used = drawing ? s.phases.filter((p) => appetite[p] >= IDLE_LINE_A) : s.phases;
  const phases = used.length > 0 ? used : s.phases;
  if (peak > s.previousLimitA - CAR_CAP_SLACK_A) return { capA: s.ratingA, phases, capped: false };
  const capA = Math.min(s.ratingA, Math.max(IEC_MIN_CURRENT_A, floorTenth(peak + CAR_CAP_HEADROOM_A)));
  return { capA, phases, capped: capA < s.ratingA };
}

/** How long a car takes at most to obey a lower limit (IEC 61851-1: 5 s after the pilot changes). */
export const CUT_FOLLOW_MS = 5_000;

/** A draw known between two figures per phase (A). */
export interface DrawRange {
  low: Phases;
  high: Phases;
}

/**
 * What a car draws at `t` (ms since the epoch), as far as can be known, per building phase.
 *
 * - Out of control (see `uncontrolledReason`): its report as it stands; its rating before its first
 *   report (the plan keeps its whole rating for it all the same).
 * - Without an accepted limit: its report as it stands (a car nobody limits changes only on its
 *   own), or anything from 0 to its station's default (its rating without one) when it has none.
 * - With a limit `L` set at `c`, and the car's follow time `F`:
 *   (`F` is CUT_FOLLOW_MS for a cut: IEC 61851-1 gives a car 5 s to obey a lower pilot.)
 *   - its regime under `L`: its report when taken after `c + F` (capped at `L`); otherwise `L`, or
 *     anything between what it took before and `L` when it then took less than the limit before (its
 *     on-board charger or its battery may hold it back, and a lower offer does not change that — or
 *     the report was taken under an older, lower limit, as a paused car's is);
 *   - at `t ≥ c + F` the car draws its regime;
 *   - at `t < c` it draws what it drew before: the limit before, or between its report and that
 *     limit when the report shows less (for the same reason);
 *   - in between it is anywhere between the two.
 */
export function drawAt(s: PlannerSession, t: number, followMs: number): DrawRange {
  const lines = carCap(s).phases;
  const onLines = (a: number): Phases => {
    const out = zero();
    for (const p of lines) out[p] = a;
    return out;
  };
  const report = s.measuredA;
  const accepted = s.lastCommand === 'ACCEPTED' && s.previousLimitA !== null ? s.previousLimitA : null;
  /** What a car draws at most before its own limit: its station's default, else its rating. */
  const unlimited = Math.min(s.ratingA, s.defaultA ?? s.ratingA);
  // A session out of control draws what its car wants, as one nobody limits: its report; before its
  // first, its rating, as the plan counts it (whatever it really draws, the building plus what is
  // planned then equals the total). Taking it off at its rating for the whole session would leave the
  // building figure short by what it does not draw, still short once it left, while the other cars'
  // changes keep the interval wide; taking it anywhere from 0 to its rating kept a falling building's
  // figure high for the minute before its first report, and every car paused.
  if (uncontrolledReason(s) !== null) {
    const r = report ?? onLines(s.ratingA);
    return { low: [...r] as Phases, high: [...r] as Phases };
  }
  if (accepted === null) {
    if (report) return { low: [...report] as Phases, high: [...report] as Phases };
    return { low: zero(), high: onLines(unlimited) };
  }
  // A limit of unknown age was set long ago: the car has settled under it.
  const c = s.limitSince ?? -Infinity;
  const before0 = s.limitBeforeA ?? null;
  // A cut is obeyed within CUT_FOLLOW_MS (IEC 61851-1 gives a car 5 s to follow a lower pilot); a
  // raise takes the car's follow time.
  const cut = before0 !== null && accepted < before0;
  const settle = c + (cut ? Math.min(CUT_FOLLOW_MS, s.followMs ?? followMs) : (s.followMs ?? followMs));
  const reportAt = s.measuredAt ?? -Infinity;
  const before = s.limitBeforeA ?? null;
  /** The report showed the car taking less than the limit it then had. */
  const tookLess = (limit: number | null) =>
    report !== null && limit !== null && Math.max(...lines.map((p) => report[p])) < limit - CAR_CAP_SLACK_A;
  // A report from before the change that shows the car taking less than the limit before may have
  // been taken under that limit (the car's charger or battery holds it back, and a new limit does
  // not change that) or under an older, lower one (a paused car, say): when the limit before began
  // is not known, the car is known only between its report and the limit.
  let regime: DrawRange;
  if (report && reportAt >= settle) {
    const r = report.map((a) => Math.min(a, accepted)) as Phases;
    regime = { low: r, high: [...r] as Phases };
  } else if (report && reportAt < c && tookLess(before ?? s.ratingA))
    regime = { low: report.map((a) => Math.min(a, accepted)) as Phases, high: onLines(accepted) };
  else regime = { low: onLines(accepted), high: onLines(accepted) };
  if (t >= settle) return regime;
  // What it drew under the limit before: that limit (or between its report and it, as above);
  // before any limit, its report, or anything from 0 to its rating.
  let prior: DrawRange;
  if (before !== null) {
    const was = report && tookLess(before) ? (report.map((a) => Math.min(a, before)) as Phases) : onLines(before);
    prior = { low: was, high: onLines(before) };
  } else if (report && reportAt < c) prior = { low: [...report] as Phases, high: [...report] as Phases };
  else prior = { low: zero(), high: onLines(unlimited) };
  // A report taken since the change shows where the car had got to: it goes on from there.
  if (report && reportAt >= c && reportAt <= t) prior = { low: [...report] as Phases, high: [...report] as Phases };
  if (t < c) return prior;
  return {
    low: PHASES.map((p) => Math.min(prior.low[p], regime.low[p])) as Phases,
    high: PHASES.map((p) => Math.max(prior.high[p], regime.high[p])) as Phases,
  };
}

/** The shortest time a reading stays usable for control, however short the period (a meter reports every few seconds). */
export const MIN_CONTROL_WINDOW_MS = 15_000;

/**
 * How old a meter reading may be for the load manager to plan on it: three control periods, at
 * least MIN_CONTROL_WINDOW_MS, never more than the meter's online window (METER_ONLINE_WINDOW_SEC,
 * which only says whether the meter is alive). A reading a minute old says little about the
 * building now: past this the plan falls back to the failsafe.
 */
export function controlWindowMs(periodMs: number, onlineWindowMs: number): number {
  return Math.min(onlineWindowMs, Math.max(3 * periodMs, MIN_CONTROL_WINDOW_MS));
}

/** The limit a session has now (accepted, or sent and awaiting its answer); null when none. */
function heldLimit(s: PlannerSession): number | null {
  return (s.lastCommand === 'ACCEPTED' || s.lastCommand === 'PENDING') && s.previousLimitA !== null ? s.previousLimitA : null;
}

/**
 * The building's load from one reading: an interval (the cars' draw is known between bounds),
 * and the figure kept — the one before, moved into the interval when the reading proves it wrong,
 * and raised by the excess when the reading is above the breaker less the margin; the high end
 * (the safe side) when there is none.
 */
export function estimateBuilding(input: PlannerInput): {
  figure: Phases;
  range: DrawRange;
  totalA: Phases;
  breached: boolean;
  released: number[];
} {
  const meter = input.meterA!;
  const at = input.meterAt ?? input.now;
  const carsLow = zero();
  const carsHigh = zero();
  /** What the cars may draw above the limits the plans counted them at (following a cut, before a first limit). */
  const aboveCounted = zero();
  const departed = new Set(input.departed ?? []);
  /**
   * Sessions out of control that left before their first report were taken off the readings at
   * their rating: the figure kept may be short by up to that rating (per phase).
   */
  const shortBy = zero();
  const releasedBefore = new Set(input.buildingBefore?.released ?? []);
  const released: number[] = [];
  for (const s of [...input.sessions, ...departed]) {
    // A car plugged in after the reading is not in it: taking its draw off would under-estimate the building.
    if (s.arrivedAt > at) continue;
    let d = drawAt(s, at, input.tuning.followMs);
    if (departed.has(s) && uncontrolledReason(s) !== null && !s.measuredA) {
      // It was taken off the readings at its rating (see drawAt), so the figure kept is short by what
      // it did not draw; with its rating no longer kept for it, that matters: its draw is known only
      // between 0 and its rating, and the figure goes up by its rating (the safe side, as if its
      // reservation were still kept), clamped into the interval. Not the interval's high end: while
      // other cars follow a change it lies far above the building.
      d = { low: zero(), high: d.high };
      if (!releasedBefore.has(s.transactionId)) for (const p of PHASES) shortBy[p] += d.high[p];
      released.push(s.transactionId);
    }
    if (s.stoppedNearReading) d = { low: zero(), high: d.high };
    const counted = uncontrolledReason(s) !== null ? s.ratingA : (heldLimit(s) ?? 0);
    for (const p of PHASES) {
      carsLow[p] += d.low[p];
      carsHigh[p] += d.high[p];
      aboveCounted[p] += Math.max(0, d.high[p] - counted);
    }
  }
  if (!input.meterInCircuit) {
    // The reading is the building alone; the total adds the cars (at their highest).
    const totalA = PHASES.map((p) => meter[p] + carsHigh[p]) as Phases;
    return {
      figure: [...meter] as Phases,
      range: { low: [...meter] as Phases, high: [...meter] as Phases },
      totalA,
      breached: totalA.some((t) => t > input.breakerA - input.marginA + EPS),
      released: [],
    };
  }
  const low = PHASES.map((p) => Math.max(0, meter[p] - carsHigh[p])) as Phases;
  const high = PHASES.map((p) => Math.max(0, meter[p] - carsLow[p])) as Phases;
  const totalA = [...meter] as Phases;
  const breached = totalA.some((t) => t > input.breakerA - input.marginA + EPS);
  const kept = input.buildingBefore?.a ?? null;
  const before = kept && (PHASES.map((p) => kept[p] + shortBy[p]) as Phases);
  const ceiling = input.breakerA - input.marginA;
  const figure = PHASES.map((p) => {
    if (before === null) return high[p];
    const clamped = Math.min(high[p], Math.max(low[p], before[p]));
    // A breach proves the figure too low by the excess that the cars cannot explain: they draw no
    // more than the limits the plan fitted under the ceiling, except a car still following a cut or
    // waiting for its first limit, which may draw up to its high end. Raised by the rest, never past
    // the high end.
    const excess = Math.max(0, totalA[p] - ceiling - aboveCounted[p]);
    return Math.min(high[p], clamped + excess);
  }) as Phases;
  return { figure, range: { low, high }, totalA, breached, released };
}

/** How long the building figure planned on keeps the highest estimate of the readings before (ms). */
export const BUILDING_HOLD_MS = 20_000;

/** The figure planned on: the reading's, or the highest the last BUILDING_HOLD_MS proved when higher. */
function held(figure: Phases, recent: Phases | null | undefined): Phases {
  return recent ? (PHASES.map((p) => Math.max(figure[p], recent[p])) as Phases) : figure;
}

/**
 * What the failsafe assumes the building draws (A per phase) and on what basis: the highest of
 * its highest figure in the last 24 h, its last figure and the configured worst case; with none,
 * the whole breaker less the guaranteed minimum of each charger.
 */
export function failsafeBuilding(input: Pick<PlannerInput, 'peak24A' | 'lastBuildingA' | 'tuning' | 'breakerA' | 'chargerCount'>): {
  a: Phases;
  basis: FailsafeBasis;
} {
  const candidates: { basis: FailsafeBasis; a: Phases }[] = [];
  if (input.peak24A) candidates.push({ basis: 'PEAK_24H', a: input.peak24A });
  if (input.lastBuildingA) candidates.push({ basis: 'LAST_READING', a: input.lastBuildingA });
  const worst = input.tuning.buildingWorstA;
  if (worst !== null) candidates.push({ basis: 'WORST_CASE', a: [worst, worst, worst] });
  if (candidates.length === 0) {
    const b = Math.max(0, input.breakerA - input.tuning.minPerChargerA * Math.max(1, input.chargerCount));
    return { a: [b, b, b], basis: 'NO_KNOWLEDGE' };
  }
  const a = PHASES.map((p) => Math.max(...candidates.map((c) => c.a[p]))) as Phases;
  // The basis named is the one that gave the busiest phase its figure.
  const busiest = PHASES.reduce((m, p) => (a[p] > a[m] ? p : m), 0 as PhaseIndex);
  const basis = candidates.find((c) => c.a[busiest] === a[busiest])!.basis;
  return { a, basis };
}

const ids = (s: PlannerSession) => ({ transactionId: s.transactionId, chargeBoxId: s.chargeBoxId, connectorId: s.connectorId });

/** The plan for one group now. */
export function plan(input: PlannerInput): Plan {
  const { sessions } = input;
  const uncontrolled = sessions.filter((s) => uncontrolledReason(s) !== null);
  const controlled = sessions.filter((s) => uncontrolledReason(s) === null);
  const caps = new Map(controlled.map((s) => [s.transactionId, carCap(s)]));
  const capOf = (s: PlannerSession) => caps.get(s.transactionId)?.capA ?? s.ratingA;
  /** The phases a controlled session counts on (all its charger's for an uncontrolled one). */
  const linesOf = (s: PlannerSession) => caps.get(s.transactionId)?.phases ?? s.phases;

  let mode: Plan['mode'];
  let buildingA: Phases;
  /** This reading's own estimate (what the next plans clamp and hold), before the hold. */
  let estimatedA: Phases | null = null;
  let buildingRangeA: Plan['buildingRangeA'] = null;
  let releasedIds: number[] = [];
  let failsafeBasis: FailsafeBasis | null = null;
  let totalA: Phases | null = null;
  let breached = false;
  let availableA: Phases;
  if (input.meterA) {
    mode = 'DYNAMIC';
    const e = estimateBuilding(input);
    buildingA = held(e.figure, input.recentBuildingA);
    estimatedA = e.figure;
    buildingRangeA = e.range;
    releasedIds = e.released;
    totalA = e.totalA;
    breached = e.breached;
    availableA = buildingA.map((n) => Math.max(0, input.breakerA - n - input.marginA)) as Phases;
  } else {
    mode = 'FAILSAFE';
    const f = failsafeBuilding(input);
    buildingA = f.a;
    failsafeBasis = f.basis;
    availableA =
      f.basis === 'NO_KNOWLEDGE'
        ? // Nothing known of the building: the chargers share their guaranteed minimum each, no more.
          (buildingA.map((b) => Math.max(0, input.breakerA - b)) as Phases)
        : (buildingA.map((b) => Math.max(0, input.breakerA - b - input.marginA)) as Phases);
  }

  // Sessions out of control are assumed at their rating.
  const left = [...availableA] as Phases;
  for (const s of uncontrolled) for (const p of s.phases) left[p] -= s.ratingA;
  const constraintsFor = (active: PlannerSession[], room: Phases = left): Constraint[] =>
    PHASES.map((p) => ({
      capacity: Math.max(0, room[p]),
      members: new Set(active.filter((s) => linesOf(s).includes(p)).map((s) => s.transactionId)),
    }));
  const running = (s: PlannerSession) => (heldLimit(s) ?? 0) > 0;
  /** Whether limits eat no more than half the margin on any phase (the hysteresis on pausing). */
  const withinSlack = (limits: Map<number, number>) =>
    PHASES.every((p) => {
      let used = 0;
      for (const s of controlled) if (linesOf(s).includes(p)) used += limits.get(s.transactionId) ?? 0;
      return used <= left[p] + (failsafeBasis === 'NO_KNOWLEDGE' ? 0 : input.marginA / 2) + EPS;
    });
  const { shares, paused } = sharesWithMinimum(controlled, capOf, (active) => constraintsFor(active), running, withinSlack);

  const out: PlannedSession[] = sessions.map((s) => {
    const why = uncontrolledReason(s);
    if (why) {
      // Not under control: counted at its rating; when its station can take a profile again it is
      // offered the IEC minimum (always within what was reserved for it), and the next plan gives
      // it its share.
      const limitA = why === 'NO_PROFILES' ? s.ratingA : Math.min(IEC_MIN_CURRENT_A, s.ratingA);
      return { ...ids(s), limitA, assumedA: s.ratingA, reason: why, send: why !== 'NO_PROFILES' };
    }
    const cap = capOf(s);
    const limitA = paused.has(s.transactionId) ? 0 : floorTenth(Math.min(cap, shares.get(s.transactionId) ?? 0));
    return { ...ids(s), limitA, assumedA: limitA, reason: reasonOf(s, limitA, cap, mode), send: true };
  });

  settle(input, out, { controlled, capOf, linesOf, left, paused, mode });
  // What the plan leaves free per phase once every session has its limit (uncontrolled at their rating).
  const freeA = [...left] as Phases;
  for (const s of controlled) for (const p of linesOf(s)) freeA[p] -= out.find((o) => o.transactionId === s.transactionId)!.assumedA;
  return {
    mode,
    buildingA,
    estimatedA,
    buildingRangeA,
    releasedIds,
    failsafeBasis,
    availableA,
    freeA: freeA.map((a) => Math.max(0, a)) as Phases,
    breached,
    totalA,
    sessions: out,
  };
}

function reasonOf(s: PlannerSession, limitA: number, cap: number, mode: Plan['mode']): PlanReason {
  if (limitA === 0) return 'PAUSED';
  if (mode === 'FAILSAFE') return 'FAILSAFE';
  if (limitA >= floorTenth(s.ratingA)) return 'RATING_CAP';
  if (cap < s.ratingA && limitA >= floorTenth(cap)) return 'CAR_CAP';
  return 'FAIR_SHARE';
}

/**
 * Stability (see the file's header, 3): which sessions keep the limit they have, which get a new
 * one, and which safety cuts at once. Works on `out` (the fair targets) in place.
 *
 * 1. A session with a limit keeps it when the target moves it by less than the dead band, or a
 *    paused one's target is under the minimum plus the dead band (HOLD_DEAD_BAND), when it changed
 *    less than the dwell ago (HOLD_DWELL; a paused car so stays paused at least the dwell), or when
 *    its station has had its profiles for the minute (HOLD_RATE). A first limit is always sent.
 * 2. The sessions that may change share what the held ones leave (max-min fair again, each up to
 *    its own target's cap), so current a departure frees goes at once to the cars free to take it.
 * 3. Safety: while the held limits leave a session that the targets give current without its
 *    minimum, or overload a phase by more than half the margin, the highest held limit above its
 *    target is cut and step 2 is done again. The cut takes the whole lack from that one car when it
 *    can stay within one minimum of its target; otherwise it goes to its target, by a dead band at
 *    least.
 */
function settle(
  input: PlannerInput,
  out: PlannedSession[],
  ctx: {
    controlled: PlannerSession[];
    capOf: (s: PlannerSession) => number;
    linesOf: (s: PlannerSession) => readonly PhaseIndex[];
    left: Phases;
    paused: Set<number>;
    mode: Plan['mode'];
  },
) {
  const { tuning, now } = input;
  const outOf = new Map(out.map((p) => [p.transactionId, p]));
  const target = new Map(out.map((p) => [p.transactionId, p.limitA]));
  const budget = new Map<string, number>();
  const budgetOf = (id: string) => budget.get(id) ?? tuning.maxProfilesPerMin - (input.sentLastMinute?.get(id) ?? 0);

  // 1. Who holds, and why.
  const hold = new Map<number, Exclude<PlanReason, 'FAIR_SHARE'>>();
  for (const s of ctx.controlled) {
    const h = heldLimit(s);
    if (h === null) continue;
    const t = target.get(s.transactionId)!;
    if (tenths(t) === tenths(h)) {
      hold.set(s.transactionId, 'HOLD_DEAD_BAND');
      continue;
    }
    const pauseOrResume = (t === 0) !== (h === 0);
    // Hysteresis on resuming: a paused car resumes only with a dead band more than the minimum, so
    // the building creeping back by a few tenths does not resume it now and pause it again next.
    const resumeTooSmall = h === 0 && t > 0 && tenths(t) < tenths(IEC_MIN_CURRENT_A + tuning.deadBandA);
    if (resumeTooSmall || (!pauseOrResume && tenths(Math.abs(t - h)) < tenths(tuning.deadBandA)))
      hold.set(s.transactionId, 'HOLD_DEAD_BAND');
    else if (s.limitSince !== undefined && now - s.limitSince < tuning.dwellMs) hold.set(s.transactionId, 'HOLD_DWELL');
    else if (budgetOf(s.chargeBoxId) <= 0) hold.set(s.transactionId, 'HOLD_RATE');
    else budget.set(s.chargeBoxId, budgetOf(s.chargeBoxId) - 1);
  }
  /** Held sessions cut for safety: they take their cut limit. */
  const cut = new Map<number, number>();
  /**
   * Hysteresis on cuts: held limits may eat into the safety margin by up to half of it before one
   * is cut, and a cut goes back to the whole margin (by a dead band at least). The building's noise
   * and its slow creep then cost a cut now and then, not one per period; the other half of the
   * margin still lies between the limits and the breaker.
   */
  const slack = input.marginA / 2 + EPS;

  for (let round = 0; round <= ctx.controlled.length; round++) {
    // 2. Those free to change share what the held ones leave.
    const room = [...ctx.left] as Phases;
    for (const s of ctx.controlled) {
      const fixed = hold.has(s.transactionId) ? heldLimit(s)! : cut.get(s.transactionId);
      if (fixed === undefined) continue;
      for (const p of ctx.linesOf(s)) room[p] -= fixed;
    }
    const free = ctx.controlled.filter((s) => !hold.has(s.transactionId) && !cut.has(s.transactionId) && target.get(s.transactionId)! > 0);
    const constraints = PHASES.map((p) => ({
      capacity: Math.max(0, room[p]),
      members: new Set(free.filter((s) => ctx.linesOf(s).includes(p)).map((s) => s.transactionId)),
    }));
    // Each free session up to its cap (what the car takes); a car that had room is never paused for a held one.
    const shares = fairShares(new Map(free.map((s) => [s.transactionId, ctx.capOf(s)])), constraints);
    // A running car short of its minimum by a little keeps the minimum, within the slack (the
    // hysteresis on pausing, as in the targets); a car starting or resuming is owed its minimum.
    const minimumOf = (s: PlannerSession) => Math.min(IEC_MIN_CURRENT_A, target.get(s.transactionId)!);
    const short = free.filter((s) => floorTenth(shares.get(s.transactionId) ?? 0) < minimumOf(s));
    const starved = short.filter((s) => !((heldLimit(s) ?? 0) > 0));
    for (const s of short) if (!starved.includes(s)) shares.set(s.transactionId, minimumOf(s));
    for (const s of free) for (const p of ctx.linesOf(s)) room[p] -= shares.get(s.transactionId) ?? 0;
    const overloaded = PHASES.some((p) => room[p] < -slack);
    if (!overloaded && starved.length === 0) {
      for (const s of free) {
        const p = outOf.get(s.transactionId)!;
        const limitA = floorTenth(Math.min(ctx.capOf(s), shares.get(s.transactionId) ?? 0));
        p.limitA = limitA;
        p.assumedA = limitA;
        p.reason = reasonOf(s, limitA, ctx.capOf(s), ctx.mode);
      }
      break;
    }
    // 3. Safety: cut the highest held limit above its target (on a phase that needs it).
    const needy = new Set<PhaseIndex>(PHASES.filter((p) => room[p] < -slack));
    for (const s of starved) for (const p of ctx.linesOf(s)) needy.add(p);
    const candidates = ctx.controlled
      .filter((s) => hold.has(s.transactionId) && heldLimit(s)! > target.get(s.transactionId)!)
      .filter((s) => ctx.linesOf(s).some((p) => needy.has(p)))
      .sort((a, b) => heldLimit(b)! - heldLimit(a)! || b.arrivedAt - a.arrivedAt || b.transactionId - a.transactionId);
    const victim = candidates[0];
    if (!victim) {
      // Nothing held stands in the way any more: the targets themselves (they fit by construction).
      for (const s of free) {
        const p = outOf.get(s.transactionId)!;
        p.limitA = target.get(s.transactionId)!;
        p.assumedA = p.limitA;
      }
      break;
    }
    const h = heldLimit(victim)!;
    const t = target.get(victim.transactionId)!;
    // What the victim's phases lack: the overload, and the minimum of the cars starved there.
    let deficit = 0;
    for (const p of ctx.linesOf(victim)) {
      if (!needy.has(p)) continue;
      let lack = Math.max(0, -room[p]);
      for (const s of starved)
        if (ctx.linesOf(s).includes(p))
          lack += Math.min(IEC_MIN_CURRENT_A, target.get(s.transactionId)!) - (shares.get(s.transactionId) ?? 0);
      deficit = Math.max(deficit, lack);
    }
    // When one car can give the whole lack at once without going more than one IEC minimum below
    // its target (nor below the minimum itself), it does: an arrival costs one car's change, not
    // every car's few tenths. Otherwise (a step of the building) each car cut goes to its target, by
    // a dead band at least, as many as it takes. Never above its target; 0 when its target pauses it.
    const floor = Math.max(IEC_MIN_CURRENT_A, t - IEC_MIN_CURRENT_A);
    const whole = floorTenth(h - Math.max(tuning.deadBandA, deficit));
    const to =
      t === 0 ? 0 : whole >= floor ? Math.min(t, whole) : Math.max(IEC_MIN_CURRENT_A, Math.min(t, floorTenth(h - tuning.deadBandA)));
    hold.delete(victim.transactionId);
    cut.set(victim.transactionId, to);
  }

  for (const s of ctx.controlled) {
    const p = outOf.get(s.transactionId)!;
    const h = heldLimit(s);
    const why = hold.get(s.transactionId);
    if (why !== undefined) {
      const planned = target.get(s.transactionId)!;
      Object.assign(p, { limitA: h!, assumedA: h!, send: false, reason: tenths(planned) === tenths(h!) ? p.reason : why });
      if (tenths(planned) !== tenths(h!)) p.plannedA = planned;
      continue;
    }
    const c = cut.get(s.transactionId);
    if (c !== undefined) {
      Object.assign(p, { limitA: c, assumedA: c, send: true, safety: true, reason: reasonOf(s, c, ctx.capOf(s), ctx.mode) });
      budget.set(s.chargeBoxId, budgetOf(s.chargeBoxId) - 1);
      continue;
    }
    if (h !== null && tenths(p.limitA) === tenths(h)) {
      p.send = false;
      continue;
    }
    if (h !== null && (p.limitA === 0) === (h === 0) && tenths(Math.abs(p.limitA - h)) < tenths(tuning.deadBandA)) {
      // What the held ones left moved it by less than the dead band: it keeps its limit (it fits: a
      // decrease kept here is within the dead band of what the others leave, and is no safety matter).
      const planned = p.limitA;
      if (planned < h && !fitsKept(s, h, planned, ctx, out)) {
        p.send = true;
        continue;
      }
      Object.assign(p, { limitA: h, assumedA: h, send: false, reason: 'HOLD_DEAD_BAND', plannedA: target.get(s.transactionId) });
      continue;
    }
    p.send = true;
  }
  // A paused session keeps 0 even when the shares above could give it a little (it stays paused).
  for (const id of ctx.paused) {
    const p = outOf.get(id)!;
    if (p.limitA === 0 && p.reason !== 'HOLD_DWELL') p.reason = 'PAUSED';
  }
}

/** Whether a session keeping `held` instead of `planned` still leaves every phase within what is left. */
function fitsKept(
  s: PlannerSession,
  held: number,
  planned: number,
  ctx: { linesOf: (s: PlannerSession) => readonly PhaseIndex[]; left: Phases; controlled: PlannerSession[] },
  out: PlannedSession[],
) {
  const ofId = new Map(out.map((p) => [p.transactionId, p]));
  for (const p of ctx.linesOf(s)) {
    let used = 0;
    for (const o of ctx.controlled) if (ctx.linesOf(o).includes(p)) used += tenths(ofId.get(o.transactionId)!.assumedA);
    if (used - tenths(planned) + tenths(held) > tenths(ctx.left[p])) return false;
  }
  return true;
}

/**
 * The default limit an idle charger should hold (its TxDefaultProfile, A): what a car plugged in
 * there draws before the load manager gives it its own limit. The guaranteed minimum while the plan
 * leaves at least that much free on the charger's phases; 0 A otherwise, so a car plugged in at a
 * full site waits the fraction of a second its first limit takes instead of overloading the breaker.
 * Back to the minimum only once the dead band more is free and the dwell since the last change is
 * over; down to 0 A at once. Knowing nothing of the building (failsafe NO_KNOWLEDGE), the minimum:
 * the rule that sizes the failsafe grants it to every charger.
 */
export function idleDefault(o: {
  freeA: number;
  current: number | null;
  since?: number;
  now: number;
  tuning: Pick<Tuning, 'minPerChargerA' | 'deadBandA' | 'dwellMs'>;
  noKnowledge: boolean;
}): number {
  const min = o.tuning.minPerChargerA;
  if (o.noKnowledge) return min;
  if (o.freeA < min) return 0;
  if (o.current === null || o.current > 0) return min;
  const rested = o.since === undefined || o.now - o.since >= o.tuning.dwellMs;
  return o.freeA >= min + o.tuning.deadBandA && rested ? min : 0;
}
