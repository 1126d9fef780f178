/**
 * Idle time of a recharge: how long the vehicle kept the connector after it stopped charging
 * (docs/decisions-billing.md). Pure; the billing service feeds it the connector's status history,
 * the power samples and the next recharge on the connector.
 */

/** Statuses that mean the vehicle is plugged but no longer charging. */
const IDLE_STATUSES = new Set(['SuspendedEV', 'Finishing']);
/** Statuses that mean the connector was released (the vehicle left). */
const RELEASED_STATUSES = new Set(['Available', 'Preparing', 'Reserved', 'Unavailable', 'Faulted']);

/** Without a release report within this time after the stop, only the idle time before the stop counts. */
const IDLE_MAX_WAIT_MS = 24 * 3600_000;

export interface IdleInput {
  start: Date;
  stop: Date;
  /** The connector's statuses from the start on, in order. */
  statuses: { status: string; at: Date }[];
  /** First power sample ≈ 0 W after the last one drawing power (null: no samples). */
  powerIdleSince: Date | null;
  /** Start of the next recharge on the connector, if any. */
  nextStart: Date | null;
  now: Date;
}

export interface IdleMeasure {
  idleStart: Date;
  /** When the connector was released; null while the vehicle is still there. */
  idleEnd: Date | null;
  /** True once the idle time can no longer change. */
  final: boolean;
  seconds: number;
}

/**
 * Idle starts at the earliest of: the stop; the first SuspendedEV/Finishing after the last
 * Charging report (within the recharge); the power sample from which the vehicle drew ≈ 0 W.
 * It ends at the first release report (Available, Preparing, Reserved, Unavailable, Faulted)
 * after that, or at the next recharge's start. With no release a day after the stop, the idle
 * time is final and counts only up to the stop.
 */
export function measureIdle(input: IdleInput): IdleMeasure {
  const { start, stop } = input;
  let idleStart = stop;
  const during = input.statuses.filter((s) => s.at >= start && s.at <= stop);
  let lastCharging = -1;
  during.forEach((s, i) => {
    if (s.status === 'Charging') lastCharging = i;
  });
  const firstIdle = during.slice(lastCharging + 1).find((s) => IDLE_STATUSES.has(s.status));
  if (firstIdle && firstIdle.at < idleStart) idleStart = firstIdle.at;
  if (input.powerIdleSince && input.powerIdleSince >= start && input.powerIdleSince < idleStart) idleStart = input.powerIdleSince;

  const release = input.statuses.find(
    (s) => s.at >= idleStart && RELEASED_STATUSES.has(s.status) && (s.at >= stop || !isCharging(input.statuses, s.at)),
  );
  let idleEnd: Date | null = release ? release.at : null;
  if (input.nextStart && input.nextStart >= idleStart && (!idleEnd || input.nextStart < idleEnd)) idleEnd = input.nextStart;

  if (idleEnd)
    return { idleStart, idleEnd, final: true, seconds: Math.max(0, Math.round((idleEnd.getTime() - idleStart.getTime()) / 1000)) };
  if (input.now.getTime() - stop.getTime() > IDLE_MAX_WAIT_MS) {
    return { idleStart, idleEnd: stop, final: true, seconds: Math.max(0, Math.round((stop.getTime() - idleStart.getTime()) / 1000)) };
  }
  return { idleStart, idleEnd: null, final: false, seconds: 0 };
}

/** A Charging report after `at` and before the next release means `at` was not a release. */
function isCharging(statuses: IdleInput['statuses'], at: Date): boolean {
  const after = statuses.filter((s) => s.at > at);
  return after.length > 0 && after[0]!.status === 'Charging';
}
