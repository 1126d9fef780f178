import type { ChargingProfile, ChargingProfilePurpose, ChargingSchedulePeriod } from '@recarga/contracts/ocpp';

/** What the electrical side needs to turn an amperage limit into watts, and to anchor relative schedules. */
export interface LimitContext {
  /** Phases the station is wired with (1 or 3). */
  phases: number;
  /** Nominal phase-to-neutral voltage. */
  voltage: number;
  /** Active transaction on the connector, if any (TxProfile matching, Relative schedules). */
  transactionId?: number;
  transactionStart?: Date;
}

interface InstalledProfile {
  connectorId: number;
  profile: ChargingProfile;
  receivedAt: Date;
}

export interface ClearCriteria {
  id?: number;
  connectorId?: number;
  chargingProfilePurpose?: ChargingProfilePurpose;
  stackLevel?: number;
}

export interface CompositePeriod {
  /** Seconds from the schedule start. */
  startPeriod: number;
  /** Limit in W (undefined: nothing limits the connector below its hardware rating). */
  limitW: number | undefined;
}

const DAY_S = 86_400;
const WEEK_S = 7 * DAY_S;

/** Converts a schedule period's limit into watts. */
function periodLimitW(unit: 'A' | 'W', period: ChargingSchedulePeriod, ctx: LimitContext): number {
  if (unit === 'W') return period.limit;
  const phases = Math.min(period.numberPhases ?? 3, ctx.phases);
  return period.limit * ctx.voltage * phases;
}

/**
 * The charging profiles installed on a station (OCPP 1.6 Smart Charging), and the limit they
 * impose at a given instant.
 *
 * Rules applied (OCPP 1.6 §3.13): per purpose, the valid profile with the highest stack level that
 * has an active period wins; a TxProfile overrides TxDefaultProfile for the transaction it belongs
 * to; a TxDefaultProfile on a connector overrides one installed on connector 0 at the same stack
 * level; ChargePointMaxProfile caps the whole station. A new profile replaces one with the same id,
 * or with the same connector, purpose and stack level.
 */
export class ChargingProfiles {
  private installed: InstalledProfile[] = [];

  get all(): ReadonlyArray<Readonly<InstalledProfile>> {
    return this.installed;
  }

  install(connectorId: number, profile: ChargingProfile, receivedAt = new Date()): void {
    this.installed = this.installed.filter(
      (p) =>
        p.profile.chargingProfileId !== profile.chargingProfileId &&
        !(
          p.connectorId === connectorId &&
          p.profile.chargingProfilePurpose === profile.chargingProfilePurpose &&
          p.profile.stackLevel === profile.stackLevel
        ),
    );
    this.installed.push({ connectorId, profile, receivedAt });
  }

  /** Removes the profiles matching the criteria (by id alone when an id is given). Returns how many. */
  clear(criteria: ClearCriteria): number {
    const before = this.installed.length;
    this.installed = this.installed.filter((p) => {
      if (criteria.id !== undefined) return p.profile.chargingProfileId !== criteria.id;
      const matches =
        (criteria.connectorId === undefined || p.connectorId === criteria.connectorId) &&
        (criteria.chargingProfilePurpose === undefined || p.profile.chargingProfilePurpose === criteria.chargingProfilePurpose) &&
        (criteria.stackLevel === undefined || p.profile.stackLevel === criteria.stackLevel);
      return !matches;
    });
    return before - this.installed.length;
  }

  /** TxProfiles end with their transaction. */
  clearTransaction(connectorId: number): void {
    this.installed = this.installed.filter((p) => !(p.connectorId === connectorId && p.profile.chargingProfilePurpose === 'TxProfile'));
  }

  /** The limit (W) the Tx/TxDefault profiles put on one connector at `at`; undefined when none applies. */
  connectorLimitW(connectorId: number, at: Date, ctx: LimitContext): number | undefined {
    if (ctx.transactionId !== undefined) {
      const tx = this.winner(
        this.installed.filter(
          (p) =>
            p.profile.chargingProfilePurpose === 'TxProfile' &&
            p.connectorId === connectorId &&
            (p.profile.transactionId === undefined || p.profile.transactionId === ctx.transactionId),
        ),
        at,
        ctx,
      );
      if (tx !== undefined) return tx;
    }
    return this.winner(
      this.installed.filter(
        (p) => p.profile.chargingProfilePurpose === 'TxDefaultProfile' && (p.connectorId === connectorId || p.connectorId === 0),
      ),
      at,
      ctx,
    );
  }

  /** The limit (W) ChargePointMaxProfile puts on the whole station at `at`; undefined when none applies. */
  stationLimitW(at: Date, ctx: LimitContext): number | undefined {
    return this.winner(
      this.installed.filter((p) => p.profile.chargingProfilePurpose === 'ChargePointMaxProfile'),
      at,
      ctx,
    );
  }

  /**
   * The composite schedule of one connector over [start, start + durationS): the instants at which
   * any installed profile may change the limit, evaluated and merged.
   */
  composite(connectorId: number, start: Date, durationS: number, ctx: LimitContext): CompositePeriod[] {
    const startMs = start.getTime();
    const endMs = startMs + durationS * 1000;
    const boundaries = new Set<number>([startMs]);
    for (const entry of this.installed) {
      for (const ms of this.boundaries(entry, startMs, endMs, ctx)) {
        if (ms > startMs && ms < endMs) boundaries.add(ms);
      }
    }
    const periods: CompositePeriod[] = [];
    for (const ms of [...boundaries].sort((a, b) => a - b)) {
      const at = new Date(ms);
      const station = this.stationLimitW(at, ctx);
      const connector = connectorId === 0 ? undefined : this.connectorLimitW(connectorId, at, ctx);
      const limits = [station, connector].filter((l): l is number => l !== undefined);
      const limitW = limits.length ? Math.min(...limits) : undefined;
      if (periods.length && periods[periods.length - 1]!.limitW === limitW) continue;
      periods.push({ startPeriod: Math.round((ms - startMs) / 1000), limitW });
    }
    return periods;
  }

  private winner(candidates: InstalledProfile[], at: Date, ctx: LimitContext): number | undefined {
    const ordered = [...candidates].sort((a, b) => b.profile.stackLevel - a.profile.stackLevel || b.connectorId - a.connectorId);
    for (const entry of ordered) {
      const limit = this.limitAt(entry, at, ctx);
      if (limit !== undefined) return limit;
    }
    return undefined;
  }

  private scheduleStart(entry: InstalledProfile, at: Date, ctx: LimitContext): number | undefined {
    const { profile } = entry;
    const schedule = profile.chargingSchedule;
    switch (profile.chargingProfileKind) {
      case 'Absolute':
        return Date.parse(schedule.startSchedule ?? entry.receivedAt.toISOString());
      case 'Relative':
        return (ctx.transactionStart ?? at).getTime();
      case 'Recurring': {
        const anchor = Date.parse(schedule.startSchedule ?? entry.receivedAt.toISOString());
        const periodMs = (profile.recurrencyKind === 'Weekly' ? WEEK_S : DAY_S) * 1000;
        const elapsed = at.getTime() - anchor;
        return anchor + Math.floor(elapsed / periodMs) * periodMs;
      }
    }
  }

  private limitAt(entry: InstalledProfile, at: Date, ctx: LimitContext): number | undefined {
    const { profile } = entry;
    const t = at.getTime();
    if (profile.validFrom && t < Date.parse(profile.validFrom)) return undefined;
    if (profile.validTo && t >= Date.parse(profile.validTo)) return undefined;
    const start = this.scheduleStart(entry, at, ctx);
    if (start === undefined) return undefined;
    const elapsedS = (t - start) / 1000;
    if (elapsedS < 0) return undefined;
    const schedule = profile.chargingSchedule;
    if (schedule.duration !== undefined && elapsedS >= schedule.duration) return undefined;
    let active: ChargingSchedulePeriod | undefined;
    for (const period of [...schedule.chargingSchedulePeriod].sort((a, b) => a.startPeriod - b.startPeriod)) {
      if (period.startPeriod <= elapsedS) active = period;
    }
    return active ? periodLimitW(schedule.chargingRateUnit, active, ctx) : undefined;
  }

  private boundaries(entry: InstalledProfile, fromMs: number, toMs: number, ctx: LimitContext): number[] {
    const { profile } = entry;
    const schedule = profile.chargingSchedule;
    const out: number[] = [];
    if (profile.validFrom) out.push(Date.parse(profile.validFrom));
    if (profile.validTo) out.push(Date.parse(profile.validTo));
    const starts: number[] = [];
    if (profile.chargingProfileKind === 'Recurring') {
      const periodMs = (profile.recurrencyKind === 'Weekly' ? WEEK_S : DAY_S) * 1000;
      const first = this.scheduleStart(entry, new Date(fromMs), ctx)!;
      for (let s = first; s < toMs; s += periodMs) starts.push(s);
    } else {
      starts.push(this.scheduleStart(entry, new Date(fromMs), ctx)!);
    }
    for (const s of starts) {
      out.push(s);
      for (const period of schedule.chargingSchedulePeriod) out.push(s + period.startPeriod * 1000);
      if (schedule.duration !== undefined) out.push(s + schedule.duration * 1000);
    }
    return out;
  }
}
