import { IEC_MIN_CURRENT_A } from '@recarga/contracts/smart-charging';

/**
 * The load manager's arithmetic (issue 18 items 5–6), pure: no clock, no database, no I/O. The
 * control loop gathers the inputs, calls `plan`, and sends what it says to send.
 *
 * Per phase, the current left for the group's sessions is
 *   available = breaker − non-group load − safety margin
 * where the non-group load is the meter's reading minus the chargers' own measured draw when the
 * meter sits in the chargers' circuit, and the reading itself when it does not. That current is
 * shared max-min fairly (progressive filling: every session rises at the same pace until its
 * connector's rating or a full phase stops it), each session at least the IEC 61851 minimum of
 * 6 A or paused at 0 A — the latest arrivals are paused first. Limits are floored to 0.1 A (the
 * OCPP 1.6 schema's `multipleOf 0.1`), never rounded up.
 *
 * Failsafe (no fresh meter reading): a static budget of breaker ÷ number of chargers per charger,
 * shared by that charger's sessions the same way; during a short dropout (the meter still inside its
 * online window) also no more than the building's last known load leaves. A session the loop cannot control (station
 * offline, a 1.5 station, a profile rejected or unanswered) is assumed to draw its connector's full
 * rating, which is taken off the current the others share.
 */

export type Phases = [number, number, number];
export type PhaseIndex = 0 | 1 | 2;

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
  /** The session's latest Current.Import per building phase, when fresh; null when unknown. */
  measuredA: Phases | null;
  /** The station is connected. */
  online: boolean;
  /** The station takes charging profiles (OCPP 1.6). */
  supportsProfiles: boolean;
  lastCommand: CommandResult;
  /** The limit last sent (accepted or awaiting its answer); null when none. */
  previousLimitA: number | null;
  /**
   * What the car draws per building phase under its accepted limit, once it has had time to settle
   * there (the loop fills it from a sample taken long enough after the limit was accepted); null or
   * absent when unknown. See `carCap`.
   */
  appetiteA?: Phases | null;
  /** When the limit last sent was set (ms since the epoch); absent when unknown. */
  limitSince?: number;
  /** The limit before that one (A); null when it is the first. */
  limitBeforeA?: number | null;
}

export interface PlannerInput {
  breakerA: number;
  marginA: number;
  /** The meter's latest reading per phase; null when the meter is offline or its reading stale. */
  meterA: Phases | null;
  /** When the meter took that reading (ms since the epoch); sessions that started later are not in it. */
  meterAt?: number;
  meterInCircuit: boolean;
  /**
   * Without a fresh reading: the non-group load the last plan on a fresh reading worked out, while
   * the meter is still within its online window (a short dropout); null past it or when unknown.
   */
  heldNonGroupA?: Phases | null;
  /**
   * With the meter in circuit: the non-group load the first plan on this same reading worked out
   * (see `nonGroupOfReading`); used instead of working it out again. Null or absent: worked out now.
   */
  readingNonGroupA?: Phases | null;
  /**
   * With the meter in circuit: the building figure worked out on the reading before this one (not
   * itself carried), for the cars plugged in since then and not sampled yet. Null or absent: none.
   */
  previousReading?: ReadingBuilding | null;
  /**
   * Recharges that stopped after the meter's reading: no longer planned for, but their current is in
   * the reading, so it is taken off it like a running session's (with the meter in circuit).
   */
  departed?: PlannerSession[];
  /** The chargers in the group (the failsafe divisor). */
  chargerCount: number;
  sessions: PlannerSession[];
  /** A limit is resent only when it moves by at least this much (A), unless safety needs it. */
  hysteresisA: number;
}

export type PlanReason =
  'FAIR_SHARE' | 'RATING_CAP' | 'CAR_CAP' | 'PAUSED' | 'FAILSAFE' | 'STATION_OFFLINE' | 'PROFILE_REJECTED' | 'NO_PROFILES' | 'HYSTERESIS';

export interface PlannedSession {
  transactionId: number;
  chargeBoxId: string;
  connectorId: number;
  /** The limit the session should have (A); 0 pauses it. */
  limitA: number;
  /** What the plan counts it as drawing (its limit, or its rating when it is not under control). */
  assumedA: number;
  reason: PlanReason;
  /** The loop should send `limitA` now (it changed beyond the hysteresis, or was never accepted). */
  send: boolean;
  /** When the hysteresis keeps the limit the session already has: the limit the plan worked out (A). */
  plannedA?: number;
}

export interface Plan {
  mode: 'DYNAMIC' | 'FAILSAFE';
  /** Load on the breaker that is not the group's sessions, per phase (null in failsafe). */
  nonGroupA: Phases | null;
  /** The non-group load is the previous reading's, kept for a car not sampled yet (see `previousReading`). */
  buildingCarried: boolean;
  /** Current left for the group's sessions per phase, before the uncontrolled ones are taken off (≥ 0). */
  availableA: Phases;
  /** The breaker's measured total per phase exceeds breaker − margin (null in failsafe). */
  breached: boolean;
  totalA: Phases | null;
  sessions: PlannedSession[];
}

const EPS = 1e-9;
/** Floors to the 0.1 A step OCPP 1.6 accepts. */
export const floorTenth = (a: number) => Math.max(0, Math.floor(a * 10 + 1e-6) / 10);

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
 */
function sharesWithMinimum(
  members: PlannerSession[],
  capOf: (s: PlannerSession) => number,
  constraintsOf: (active: PlannerSession[]) => Constraint[],
): { shares: Map<number, number>; paused: Set<number> } {
  const byArrival = [...members].sort((a, b) => a.arrivedAt - b.arrivedAt || a.transactionId - b.transactionId);
  const paused = new Set<number>(byArrival.filter((s) => capOf(s) < IEC_MIN_CURRENT_A).map((s) => s.transactionId));
  for (;;) {
    const active = byArrival.filter((s) => !paused.has(s.transactionId));
    const constraints = constraintsOf(active);
    const shares = fairShares(new Map(active.map((s) => [s.transactionId, capOf(s)])), constraints);
    const short = active.filter((s) => floorTenth(shares.get(s.transactionId)!) < IEC_MIN_CURRENT_A);
    if (short.length === 0) return { shares, paused };
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

const zero = (): Phases => [0, 0, 0];

/**
 * What a session drew when the meter took its reading, for taking it off the meter.
 *
 * A car that follows its limit (its settled draw is within CAR_CAP_SLACK_A of it, see `carCap`)
 * and whose limit was settled before the reading drew that limit, on the phases it uses: the
 * station enforces it and the car takes all of it. Its Current.Import sample says less well: a
 * station samples every MeterValueSampleInterval, so its last sample before the reading can be up
 * to an interval old and show the limit before last — a car raised (or resumed) since then made the
 * building come out tens of amperes too high, a car cut since then too low (the bench's plan events
 * showed the building estimate swinging 2 → 70 A on a 20–60 A building).
 *
 * Any other session (its limit changed shortly before the reading, its car taking less than
 * offered, or not known yet): its latest sample at or before the reading, never more than the limit
 * its station accepted — after a cut the car sheds current within a second while the sample can
 * still show the old current; capping only lowers the chargers' estimate, so the building is
 * over-estimated, never under (the safe side). A low sample of a car still climbing stays as it is,
 * for the same reason.
 */
export function drawEstimate(s: PlannerSession, meterAt?: number): Phases | null {
  const accepted = s.lastCommand === 'ACCEPTED' && s.previousLimitA !== null ? s.previousLimitA : null;
  const settled = settledAt(s);
  if (accepted !== null && accepted > 0 && s.appetiteA && meterAt !== undefined && settled !== null) {
    const cap = carCap(s);
    if (!cap.capped && settled <= meterAt && Math.max(...cap.phases.map((p) => s.appetiteA![p])) > accepted - CAR_CAP_SLACK_A) {
      const drawn: Phases = [0, 0, 0];
      for (const p of cap.phases) drawn[p] = accepted;
      return drawn;
    }
  }
  if (!s.measuredA) return null;
  let ceiling = accepted ?? Infinity;
  // A limit changed after the reading: the reading holds the car under the limit before, so the
  // lower of the two caps its sample (a car paused before the reading and resumed since must not
  // count at its sample from before the pause).
  if (accepted !== null && meterAt !== undefined && s.limitSince !== undefined && s.limitSince > meterAt)
    ceiling = Math.min(accepted, s.limitBeforeA ?? 0);
  return s.measuredA.map((a) => Math.min(a, ceiling)) as Phases;
}

/** How long a car takes to obey a lower limit (IEC 61851 asks for 5 s; cars take about one). */
export const CUT_SETTLE_MS = 2_000;
/** How fast the load manager assumes a car climbs to a higher limit (cars do about 4 A/s; this errs slow). */
export const RISE_A_PER_S = 2;

/**
 * From when a car has had time to settle under its limit (ms since the epoch): CUT_SETTLE_MS after
 * the limit was set, plus the climb at RISE_A_PER_S when it was a raise. Null when unknown.
 */
export function settledAt(s: Pick<PlannerSession, 'limitSince' | 'limitBeforeA' | 'previousLimitA'>): number | null {
  if (s.limitSince === undefined || s.previousLimitA === null) return null;
  const rise = Math.max(0, s.previousLimitA - (s.limitBeforeA ?? 0));
  return s.limitSince + CUT_SETTLE_MS + (rise / RISE_A_PER_S) * 1000;
}

/** A car drawing at least this much under its limit takes less than it is offered (A). */
export const CAR_CAP_SLACK_A = 1;
/** What a car that takes less than offered keeps above its draw, to show it wants more (A). */
export const CAR_CAP_HEADROOM_A = 2;
/** A phase on which a charging car draws less than this carries none of its current (A). */
const IDLE_LINE_A = 1;

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

/** The shortest time a reading stays usable for control, however short the period (a meter reports every few seconds). */
export const MIN_CONTROL_WINDOW_MS = 15_000;

/**
 * How old a meter reading (or a session's Current.Import) may be for the load manager to plan on
 * it: three control periods, at least MIN_CONTROL_WINDOW_MS, never more than the meter's online
 * window (METER_ONLINE_WINDOW_SEC, which only says whether the meter is alive). A reading a minute
 * old says little about the building now: past this the plan falls back to the failsafe.
 */
export function controlWindowMs(periodMs: number, onlineWindowMs: number): number {
  return Math.min(onlineWindowMs, Math.max(3 * periodMs, MIN_CONTROL_WINDOW_MS));
}

/** The building's load as worked out on one meter reading: what the plans after it carry. */
export interface ReadingBuilding {
  /** When the meter took the reading (ms since the epoch). */
  at: number;
  /** The non-group load worked out on it, per phase (A). */
  nonGroupA: Phases;
  /** The figure is the reading before's, kept for a car not sampled yet: it is not kept once more. */
  carried?: boolean;
}

/** The building figure a stored plan (the loop's `smart_charging_state.plan`) carries, if any. */
export function storedBuilding(stored: unknown): ReadingBuilding | null {
  const plan = stored as { reading_at?: unknown; reading_non_group_a?: unknown; reading_carried?: unknown } | null | undefined;
  if (!plan || typeof plan.reading_at !== 'string') return null;
  const at = Date.parse(plan.reading_at);
  const n = plan.reading_non_group_a;
  if (!Number.isFinite(at) || !Array.isArray(n) || n.length !== 3 || !n.every((x) => typeof x === 'number' && Number.isFinite(x)))
    return null;
  return { at, nonGroupA: n as Phases, carried: plan.reading_carried === true };
}

/**
 * The non-group load the plans before worked out on the meter reading taken at `readingAt` (ms
 * since the epoch), when they were made on that very reading; null otherwise.
 *
 * The load manager plans several times on one reading: on the reading itself, then on the job's
 * tick, a recharge starting or stopping, a refusal. Working the building out again each time from
 * that reading goes wrong, because what the reading contains does not change while the sessions
 * and limits do:
 * - a car that stopped after the reading is no longer a running session, so its current, still in
 *   the reading, came out as building load (the bench showed the building 15–20 A too high after
 *   each unplug, until the next reading);
 * - a car cut after the reading has its sample capped by the lower of its two latest limits (the
 *   limit in force at the reading is not kept), so each further plan on the same reading counted
 *   less of the cars and more of the building, cut them again, and so on: the bench showed the
 *   estimate climbing 48 → 67 A on a 30 A building within one reading, and cars paused.
 * The first plan on a reading knows best what the reading contains (the sessions then running,
 * their limits mostly unchanged since); the next plans on it keep its figure.
 */
export function nonGroupOfReading(stored: unknown, readingAt: number): Phases | null {
  const building = storedBuilding(stored);
  return building && building.at === readingAt ? building.nonGroupA : null;
}

/**
 * The building's load the failsafe holds during a short dropout (the meter still inside its online
 * window, its last reading past the control window): the figure worked out on the last reading,
 * raised by the margin for every control period since the failsafe began (the reading's time +
 * `windowMs`). While it plans on readings, the load manager relies on the margin to cover what the
 * building may add until the next reading, about one period; blind, it cannot tell, so what it
 * allows for grows at that pace. A building load held flat let the cars take what a rising
 * building needed: the bench's building climbs 20 A within its 60 s dropout, and the total stayed
 * above the breaker for 33 s.
 */
export function heldNonGroup(
  building: ReadingBuilding | null,
  now: number,
  o: { periodMs: number; windowMs: number; marginA: number },
): Phases | null {
  if (!building) return null;
  const rise = (o.marginA * Math.max(0, now - building.at - o.windowMs)) / Math.max(1, o.periodMs);
  return building.nonGroupA.map((n) => n + rise) as Phases;
}

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
  let buildingCarried = false;
  let nonGroupA: Phases | null = null;
  let totalA: Phases | null = null;
  let breached = false;
  let availableA: Phases;
  let constraintsFor: (active: PlannerSession[]) => Constraint[];

  if (input.meterA) {
    mode = 'DYNAMIC';
    const meter = input.meterA;
    // The chargers' own draw, from their measured Current.Import (unknown counts as 0: the
    // non-group load is then over-estimated, which errs on the safe side).
    const groupDraw = zero();
    // The ratings of the cars plugged in since the previous reading that have no sample yet (see below).
    const unsampled = zero();
    const previous =
      input.meterInCircuit &&
      input.meterAt !== undefined &&
      input.previousReading?.at !== undefined &&
      input.previousReading.at < input.meterAt
        ? input.previousReading
        : null;
    for (const s of [...sessions, ...(input.departed ?? [])]) {
      // A car plugged in after the reading is not in it: taking its draw off would under-estimate the building.
      if (input.meterAt !== undefined && s.arrivedAt > input.meterAt) continue;
      const drawn = drawEstimate(s, input.meterAt);
      if (drawn) for (const p of [0, 1, 2] as const) groupDraw[p] += drawn[p];
      else if (previous && s.arrivedAt > previous.at) for (const p of s.phases) unsampled[p] += s.ratingA;
    }
    const worked = meter.map((m, p) => (input.meterInCircuit ? Math.max(0, m - groupDraw[p]!) : m)) as Phases;
    if (input.meterInCircuit && input.readingNonGroupA) nonGroupA = [...input.readingNonGroupA] as Phases;
    else if (previous && unsampled.some((a) => a > 0)) {
      // A car plugged in since the previous reading and not sampled yet counts 0 above, so all it draws
      // came out as building load (a new car's first sample comes a MeterValueSampleInterval after its
      // start: the bench showed 10–20 A too much building for a reading after each plug-in). The
      // building is at most `worked` (the car drawing nothing) and at least `worked` − its rating (the
      // car drawing all it can); between the two, the previous reading's figure, which the car was not
      // in: what the building adds between two readings is what the margin is for, as when the loop
      // plans on a reading until the next one. Once only: a figure carried so is not carried again.
      nonGroupA = worked.map((w, p) => Math.min(w, Math.max(previous.nonGroupA[p]!, w - unsampled[p]!))) as Phases;
      buildingCarried = true;
    } else nonGroupA = worked;
    totalA = meter.map((m, p) => (input.meterInCircuit ? m : m + groupDraw[p]!)) as Phases;
    breached = totalA.some((t) => t > input.breakerA - input.marginA + EPS);
    availableA = nonGroupA.map((n) => Math.max(0, input.breakerA - n - input.marginA)) as Phases;
    // Sessions out of control are assumed at their rating.
    const left = [...availableA] as Phases;
    for (const s of uncontrolled) for (const p of s.phases) left[p] -= s.ratingA;
    constraintsFor = (active) =>
      ([0, 1, 2] as const).map((p) => ({
        capacity: left[p],
        members: new Set(active.filter((s) => linesOf(s).includes(p)).map((s) => s.transactionId)),
      }));
  } else {
    mode = 'FAILSAFE';
    const perCharger = input.breakerA / Math.max(1, input.chargerCount);
    const stations = [...new Set(sessions.map((s) => s.chargeBoxId))];
    const perStation = (active: PlannerSession[]) =>
      stations.map((id) => ({
        capacity: perCharger - uncontrolled.filter((s) => s.chargeBoxId === id).reduce((sum, s) => sum + s.ratingA, 0),
        members: new Set(active.filter((s) => s.chargeBoxId === id).map((s) => s.transactionId)),
      }));
    const held = input.heldNonGroupA ?? null;
    if (held) {
      // A short dropout: the building is taken at its last known load, and the static budget still
      // caps each charger — whichever is tighter.
      nonGroupA = held;
      availableA = held.map((n) => Math.max(0, input.breakerA - n - input.marginA)) as Phases;
      const left = [...availableA] as Phases;
      for (const s of uncontrolled) for (const p of s.phases) left[p] -= s.ratingA;
      constraintsFor = (active) => [
        ...([0, 1, 2] as const).map((p) => ({
          capacity: left[p],
          members: new Set(active.filter((s) => linesOf(s).includes(p)).map((s) => s.transactionId)),
        })),
        ...perStation(active),
      ];
    } else {
      availableA = [input.breakerA, input.breakerA, input.breakerA];
      constraintsFor = perStation;
    }
  }
  const { shares, paused } = sharesWithMinimum(controlled, capOf, constraintsFor);

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
    const reason: PlanReason =
      limitA === 0
        ? 'PAUSED'
        : mode === 'FAILSAFE'
          ? 'FAILSAFE'
          : limitA >= floorTenth(s.ratingA)
            ? 'RATING_CAP'
            : caps.get(s.transactionId)?.capped && limitA >= floorTenth(cap)
              ? 'CAR_CAP'
              : 'FAIR_SHARE';
    return { ...ids(s), limitA, assumedA: limitA, reason, send: true };
  });

  applyHysteresis(input, out, constraintsFor(controlled.filter((s) => !paused.has(s.transactionId))));
  return { mode, nonGroupA, buildingCarried, availableA, breached, totalA, sessions: out };
}

const ids = (s: PlannerSession) => ({ transactionId: s.transactionId, chargeBoxId: s.chargeBoxId, connectorId: s.connectorId });

/**
 * A controlled session whose new limit is within the hysteresis of the limit it already has keeps
 * it (nothing is sent) — unless keeping the old limits would put a capacity over: then every kept
 * decrease is sent after all. Pausing or resuming is always sent.
 *
 * A kept increase leaves its few tenths of an ampere unused, and on a busy phase they add up (the
 * bench measured 1–4 A, one per cent of the breaker on average): once the increases kept on one
 * capacity leave the hysteresis or more unused together, the largest of them are sent until what
 * they leave is under it.
 */
function applyHysteresis(input: PlannerInput, out: PlannedSession[], constraints: Constraint[]) {
  const bySession = new Map(input.sessions.map((s) => [s.transactionId, s]));
  // Compared in tenths of an ampere, the unit limits are sent in (no float residue).
  const tenths = (a: number) => Math.round(a * 10);
  /** Each session as the plan worked it out, before the hysteresis. */
  const planned = new Map(out.map((p) => [p.transactionId, { ...p }]));
  const current = new Map(out.map((p) => [p.transactionId, p]));
  const kept: PlannedSession[] = [];
  for (const p of out) {
    const s = bySession.get(p.transactionId)!;
    if (uncontrolledReason(s) !== null) continue;
    const prev = s.lastCommand === 'ACCEPTED' || s.lastCommand === 'PENDING' ? s.previousLimitA : null;
    if (prev === null) continue;
    if (prev === p.limitA) {
      p.send = false;
      continue;
    }
    if (p.limitA > 0 && prev > 0 && tenths(Math.abs(p.limitA - prev)) < tenths(input.hysteresisA)) kept.push(p);
  }
  const keep = (p: PlannedSession) => {
    const prev = bySession.get(p.transactionId)!.previousLimitA!;
    return { ...p, limitA: prev, assumedA: prev, reason: 'HYSTERESIS' as const, send: false, plannedA: p.limitA };
  };
  /** What the sessions of a capacity may use together: the capacity, or the plan's own use of it when that is more. */
  const room = (c: Constraint) =>
    Math.max(
      tenths(c.capacity),
      [...c.members].reduce((sum, m) => sum + tenths(planned.get(m)!.assumedA), 0),
    );
  const usedOn = (c: Constraint, limitOf: (m: number) => number) => [...c.members].reduce((sum, m) => sum + tenths(limitOf(m)), 0);
  const keptIds = new Set(kept.map((p) => p.transactionId));
  const over = constraints.some(
    (c) => usedOn(c, (m) => (keptIds.has(m) ? bySession.get(m)!.previousLimitA! : planned.get(m)!.assumedA)) > room(c),
  );
  for (const p of kept) {
    const prev = bySession.get(p.transactionId)!.previousLimitA!;
    if (over && prev > p.limitA) continue; // a decrease safety needs: sent
    Object.assign(p, keep(p));
  }
  // Kept increases that leave the hysteresis or more unused on a capacity: the largest are sent.
  for (const c of constraints) {
    const ups = out
      .filter((p) => c.members.has(p.transactionId) && p.plannedA !== undefined && p.plannedA > p.limitA)
      .sort((a, b) => b.plannedA! - b.limitA - (a.plannedA! - a.limitA) || a.transactionId - b.transactionId);
    let unused = ups.reduce((sum, p) => sum + tenths(p.plannedA! - p.limitA), 0);
    for (const p of ups) {
      if (unused < tenths(input.hysteresisA)) break;
      const rise = tenths(p.plannedA! - p.limitA);
      unused -= rise;
      // Never beyond what the plan fits on any capacity (kept decreases still hold their old limits).
      const fits = constraints.every(
        (k) => !k.members.has(p.transactionId) || usedOn(k, (m) => current.get(m)!.assumedA) + rise <= room(k),
      );
      if (fits) Object.assign(p, planned.get(p.transactionId)!, { plannedA: undefined });
    }
  }
  for (const p of out) if (p.plannedA === undefined) delete p.plannedA;
}
