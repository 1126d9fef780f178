import { describe, expect, it } from 'vitest';
import { ChargingProfiles, type LimitContext } from './charging-profiles';
import type { ChargingProfile } from '@recarga/contracts/ocpp';

const ctx: LimitContext = { phases: 3, voltage: 230 };
const T0 = new Date('2025-03-10T12:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function aProfile(
  overrides: Partial<ChargingProfile> & { periods?: Array<[number, number, number?]>; unit?: 'A' | 'W'; duration?: number } = {},
): ChargingProfile {
  const { periods = [[0, 16]], unit = 'A', duration, ...rest } = overrides;
  return {
    chargingProfileId: 1,
    stackLevel: 0,
    chargingProfilePurpose: 'TxDefaultProfile',
    chargingProfileKind: 'Absolute',
    chargingSchedule: {
      startSchedule: T0.toISOString(),
      chargingRateUnit: unit,
      duration,
      chargingSchedulePeriod: periods.map(([startPeriod, limit, numberPhases]) => ({
        startPeriod,
        limit,
        ...(numberPhases ? { numberPhases } : {}),
      })),
    },
    ...rest,
  };
}

describe('ChargingProfiles', () => {
  it('connectorLimitW: when no profile is installed, returns undefined', () => {
    expect(new ChargingProfiles().connectorLimitW(1, T0, ctx)).toBeUndefined();
  });

  it('connectorLimitW: converts amperes with 230 V x phases (16 A on 3 phases = 11040 W, on 1 phase = 3680 W)', () => {
    const three = new ChargingProfiles();
    three.install(0, aProfile());
    const one = new ChargingProfiles();
    one.install(0, aProfile({ periods: [[0, 16, 1]] }));

    expect(three.connectorLimitW(1, T0, ctx)).toBe(11_040);
    expect(one.connectorLimitW(1, T0, ctx)).toBe(3_680);
    expect(three.connectorLimitW(1, T0, { ...ctx, phases: 1 })).toBe(3_680);
  });

  it('connectorLimitW: an Absolute schedule applies the period active at the instant, nothing before its start or after its duration', () => {
    const profiles = new ChargingProfiles();
    profiles.install(
      0,
      aProfile({
        unit: 'W',
        duration: 3600,
        periods: [
          [0, 11_000],
          [600, 7_000],
          [1800, 3_000],
        ],
      }),
    );

    expect(profiles.connectorLimitW(1, at(-1), ctx)).toBeUndefined();
    expect(profiles.connectorLimitW(1, at(0), ctx)).toBe(11_000);
    expect(profiles.connectorLimitW(1, at(599), ctx)).toBe(11_000);
    expect(profiles.connectorLimitW(1, at(600), ctx)).toBe(7_000);
    expect(profiles.connectorLimitW(1, at(3599), ctx)).toBe(3_000);
    expect(profiles.connectorLimitW(1, at(3600), ctx)).toBeUndefined();
  });

  it('connectorLimitW: the higher stack level wins while it is active, then the lower one applies again', () => {
    const profiles = new ChargingProfiles();
    profiles.install(0, aProfile({ chargingProfileId: 1, stackLevel: 0, unit: 'W', periods: [[0, 10_000]] }));
    profiles.install(0, aProfile({ chargingProfileId: 2, stackLevel: 5, unit: 'W', duration: 60, periods: [[0, 2_000]] }));

    expect(profiles.connectorLimitW(1, at(30), ctx)).toBe(2_000);
    expect(profiles.connectorLimitW(1, at(61), ctx)).toBe(10_000);
  });

  it('connectorLimitW: a TxProfile overrides TxDefaultProfile for its own transaction only', () => {
    const profiles = new ChargingProfiles();
    profiles.install(0, aProfile({ chargingProfileId: 1, unit: 'W', periods: [[0, 10_000]] }));
    profiles.install(
      1,
      aProfile({ chargingProfileId: 2, chargingProfilePurpose: 'TxProfile', transactionId: 77, unit: 'W', periods: [[0, 4_000]] }),
    );

    expect(profiles.connectorLimitW(1, T0, { ...ctx, transactionId: 77 })).toBe(4_000);
    expect(profiles.connectorLimitW(1, T0, { ...ctx, transactionId: 78 })).toBe(10_000);
    expect(profiles.connectorLimitW(2, T0, { ...ctx, transactionId: 77 })).toBe(10_000);
    profiles.clearTransaction(1);
    expect(profiles.connectorLimitW(1, T0, { ...ctx, transactionId: 77 })).toBe(10_000);
  });

  it('connectorLimitW: a Relative schedule starts with the transaction', () => {
    const profiles = new ChargingProfiles();
    profiles.install(
      0,
      aProfile({
        chargingProfileKind: 'Relative',
        unit: 'W',
        periods: [
          [0, 5_000],
          [300, 9_000],
        ],
      }),
    );
    const start = at(1000);

    expect(profiles.connectorLimitW(1, at(1100), { ...ctx, transactionId: 1, transactionStart: start })).toBe(5_000);
    expect(profiles.connectorLimitW(1, at(1300), { ...ctx, transactionId: 1, transactionStart: start })).toBe(9_000);
  });

  it('connectorLimitW: a Recurring Daily schedule repeats every day (peak 18:00-21:00 UTC limited to 6 A)', () => {
    const profiles = new ChargingProfiles();
    profiles.install(
      0,
      aProfile({
        chargingProfileKind: 'Recurring',
        recurrencyKind: 'Daily',
        chargingSchedule: {
          startSchedule: '2025-01-01T00:00:00Z',
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [
            { startPeriod: 0, limit: 32 },
            { startPeriod: 18 * 3600, limit: 6 },
            { startPeriod: 21 * 3600, limit: 32 },
          ],
        },
      }),
    );

    expect(profiles.connectorLimitW(1, new Date('2025-03-10T19:30:00Z'), ctx)).toBe(6 * 690);
    expect(profiles.connectorLimitW(1, new Date('2025-03-11T10:00:00Z'), ctx)).toBe(32 * 690);
    expect(profiles.connectorLimitW(1, new Date('2025-03-11T18:00:00Z'), ctx)).toBe(6 * 690);
  });

  it('install: a profile with the same id, or the same connector, purpose and stack level, replaces the old one', () => {
    const profiles = new ChargingProfiles();
    profiles.install(0, aProfile({ chargingProfileId: 1, stackLevel: 0, unit: 'W', periods: [[0, 1_000]] }));
    profiles.install(0, aProfile({ chargingProfileId: 1, stackLevel: 3, unit: 'W', periods: [[0, 2_000]] }));
    profiles.install(0, aProfile({ chargingProfileId: 9, stackLevel: 3, unit: 'W', periods: [[0, 3_000]] }));

    expect(profiles.all).toHaveLength(1);
    expect(profiles.connectorLimitW(1, T0, ctx)).toBe(3_000);
  });

  it('clear: by id removes that profile only; by purpose and stack level removes the matching ones; returns how many', () => {
    const profiles = new ChargingProfiles();
    profiles.install(0, aProfile({ chargingProfileId: 1, stackLevel: 0 }));
    profiles.install(0, aProfile({ chargingProfileId: 2, stackLevel: 1 }));
    profiles.install(0, aProfile({ chargingProfileId: 3, stackLevel: 1, chargingProfilePurpose: 'ChargePointMaxProfile' }));

    expect(profiles.clear({ id: 42 })).toBe(0);
    expect(profiles.clear({ id: 1 })).toBe(1);
    expect(profiles.clear({ chargingProfilePurpose: 'TxDefaultProfile', stackLevel: 1 })).toBe(1);
    expect(profiles.all.map((p) => p.profile.chargingProfileId)).toEqual([3]);
  });

  it('stationLimitW: comes from ChargePointMaxProfile only', () => {
    const profiles = new ChargingProfiles();
    profiles.install(0, aProfile({ unit: 'W', periods: [[0, 5_000]] }));
    expect(profiles.stationLimitW(T0, ctx)).toBeUndefined();

    profiles.install(
      0,
      aProfile({ chargingProfileId: 2, chargingProfilePurpose: 'ChargePointMaxProfile', unit: 'W', periods: [[0, 40_000]] }),
    );
    expect(profiles.stationLimitW(T0, ctx)).toBe(40_000);
  });

  it('composite: lists the instants where the limit changes, merging equal neighbours', () => {
    const profiles = new ChargingProfiles();
    profiles.install(
      0,
      aProfile({
        unit: 'W',
        duration: 1200,
        periods: [
          [0, 8_000],
          [300, 8_000],
          [600, 4_000],
        ],
      }),
    );

    expect(profiles.composite(1, T0, 1800, ctx)).toEqual([
      { startPeriod: 0, limitW: 8_000 },
      { startPeriod: 600, limitW: 4_000 },
      { startPeriod: 1200, limitW: undefined },
    ]);
  });
});
