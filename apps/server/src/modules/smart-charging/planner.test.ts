import { describe, expect, it } from 'vitest';
import { controlWindowMs, heldNonGroup, nonGroupOfReading, plan, storedBuilding, type PlannerInput, type PlannerSession } from './planner';
import { measuredByPhase, ratingA, wiring } from './station-electrics';

/** A three-phase session of 32 A, online, never sent a profile, arriving `n` minutes after 10:00. */
function aSession(n: number, over: Partial<PlannerSession> = {}): PlannerSession {
  return {
    transactionId: n,
    chargeBoxId: `CB-${n}`,
    connectorId: 1,
    arrivedAt: Date.UTC(2026, 10, 25, 10, n),
    ratingA: 32,
    phases: [0, 1, 2],
    measuredA: null,
    online: true,
    supportsProfiles: true,
    lastCommand: null,
    previousLimitA: null,
    ...over,
  };
}

function input(over: Partial<PlannerInput>): PlannerInput {
  return {
    breakerA: 100,
    marginA: 5,
    meterA: [40, 40, 40],
    meterInCircuit: false,
    chargerCount: 4,
    sessions: [],
    hysteresisA: 1,
    ...over,
  };
}

const limits = (p: ReturnType<typeof plan>) => p.sessions.map((s) => s.limitA);

describe('smart-charging planner', () => {
  it('fair share: 100 A breaker, 5 A margin, 40 A base, four 32 A sessions → 13.7 A each', () => {
    // available = 100 − 40 − 5 = 55 A per phase; 55 / 4 = 13.75 A, below the 32 A rating;
    // floored to OCPP's 0.1 A step: 13.7 A.
    const p = plan(input({ sessions: [aSession(1), aSession(2), aSession(3), aSession(4)] }));

    expect(p.mode).toBe('DYNAMIC');
    expect(p.availableA).toEqual([55, 55, 55]);
    expect(limits(p)).toEqual([13.7, 13.7, 13.7, 13.7]);
    expect(p.sessions.every((s) => s.reason === 'FAIR_SHARE' && s.send)).toBe(true);
  });

  it('scarcity: 15 A for four sessions pauses the latest arrivals until each has at least 6 A', () => {
    // available = 40 − 20 − 5 = 15 A. 15/4 = 3.75 < 6 → pause #4; 15/3 = 5 < 6 → pause #3;
    // 15/2 = 7.5 ≥ 6 → #1 and #2 get 7.5 A, #3 and #4 0 A.
    const sessions = [aSession(3), aSession(1), aSession(4), aSession(2)];
    const p = plan(input({ breakerA: 40, meterA: [20, 20, 20], sessions }));

    const byTx = Object.fromEntries(p.sessions.map((s) => [s.transactionId, [s.limitA, s.reason]]));
    expect(byTx).toEqual({ 1: [7.5, 'FAIR_SHARE'], 2: [7.5, 'FAIR_SHARE'], 3: [0, 'PAUSED'], 4: [0, 'PAUSED'] });
  });

  it('no current at all: every session is paused', () => {
    // available = 50 − 48 − 5 = −3 → 0 A.
    const p = plan(input({ breakerA: 50, meterA: [48, 48, 48], sessions: [aSession(1), aSession(2)] }));

    expect(p.availableA).toEqual([0, 0, 0]);
    expect(limits(p)).toEqual([0, 0]);
    expect(p.breached).toBe(true); // 48 > 50 − 5
  });

  it('meter offline: failsafe of breaker ÷ chargers, 63 A over 3 chargers → 21 A each', () => {
    // 63 / 3 = 21 A per charger, one session each, below the 32 A rating.
    const sessions = [aSession(1), aSession(2), aSession(3)];
    const p = plan(input({ breakerA: 63, meterA: null, chargerCount: 3, sessions }));

    expect(p.mode).toBe('FAILSAFE');
    expect(limits(p)).toEqual([21, 21, 21]);
    expect(p.sessions.every((s) => s.reason === 'FAILSAFE')).toBe(true);
  });

  it('failsafe with two sessions on one charger: they split its share', () => {
    // 100 / 4 chargers = 25 A for CB-1, whose two connectors get 12.5 A each; CB-3 alone gets 25.
    const sessions = [aSession(1), aSession(2, { chargeBoxId: 'CB-1', connectorId: 2 }), aSession(3)];
    const p = plan(input({ meterA: null, chargerCount: 4, sessions }));

    expect(limits(p)).toEqual([12.5, 12.5, 25]);
  });

  it('meter in circuit: the chargers’ own measured draw is not counted as building load', () => {
    // meter 70 A per phase includes two sessions measured at 15 A → non-group = 70 − 30 = 40 A;
    // available = 100 − 40 − 5 = 55 A; 55 / 2 = 27.5 A each.
    const sessions = [aSession(1, { measuredA: [15, 15, 15] }), aSession(2, { measuredA: [15, 15, 15] })];
    const p = plan(input({ meterA: [70, 70, 70], meterInCircuit: true, sessions }));

    expect(p.nonGroupA).toEqual([40, 40, 40]);
    expect(limits(p)).toEqual([27.5, 27.5]);
    expect(p.totalA).toEqual([70, 70, 70]);
    expect(p.breached).toBe(false);
  });

  it('meter not in circuit: the reading is all building load, the total adds the chargers', () => {
    // non-group = 50 A; available = 100 − 50 − 5 = 45 A → 22.5 A each; total = 50 + 2 × 24 = 98 > 95.
    const sessions = [aSession(1, { measuredA: [24, 24, 24] }), aSession(2, { measuredA: [24, 24, 24] })];
    const p = plan(input({ meterA: [50, 50, 50], sessions }));

    expect(limits(p)).toEqual([22.5, 22.5]);
    expect(p.totalA).toEqual([98, 98, 98]);
    expect(p.breached).toBe(true);
  });

  it('rating cap: a 10 A connector takes 10 and the rest is shared by the others', () => {
    // 55 A: first round 55/3 = 18.33 stops the 10 A connector at 10; 55 − 30 = 25 A left rising
    // over two → they reach 10 + 12.5 = 22.5 A each (below 32).
    const sessions = [aSession(1, { ratingA: 10 }), aSession(2), aSession(3)];
    const p = plan(input({ sessions }));

    expect(limits(p)).toEqual([10, 22.5, 22.5]);
    expect(p.sessions.map((s) => s.reason)).toEqual(['RATING_CAP', 'FAIR_SHARE', 'FAIR_SHARE']);
  });

  it('plenty of current: every session gets its rating, never more', () => {
    // available = 200 − 10 − 5 = 185 A; two sessions of 32 A take 32 each.
    const p = plan(input({ breakerA: 200, meterA: [10, 10, 10], sessions: [aSession(1), aSession(2)] }));

    expect(limits(p)).toEqual([32, 32]);
  });

  it('a station offline is counted at its rating; the others share what is left', () => {
    // 55 A − 32 A (offline CB-1 assumed at its rating) = 23 A for two → 11.5 A each.
    const sessions = [aSession(1, { online: false }), aSession(2), aSession(3)];
    const p = plan(input({ sessions }));

    expect(p.sessions.map((s) => [s.limitA, s.assumedA, s.reason])).toEqual([
      [6, 32, 'STATION_OFFLINE'],
      [11.5, 11.5, 'FAIR_SHARE'],
      [11.5, 11.5, 'FAIR_SHARE'],
    ]);
  });

  it('a station that rejected its profile is counted at its rating and offered the minimum again', () => {
    // 55 − 32 = 23 A for CB-2 alone → 23 A.
    const sessions = [aSession(1, { lastCommand: 'REJECTED', previousLimitA: 13.7 }), aSession(2)];
    const p = plan(input({ sessions }));

    expect(p.sessions.map((s) => [s.limitA, s.assumedA, s.reason, s.send])).toEqual([
      [6, 32, 'PROFILE_REJECTED', true],
      [23, 23, 'FAIR_SHARE', true],
    ]);
  });

  it('hysteresis: a change under 1 A is not sent; 1 A or more is', () => {
    // 55/4 = 13.75 → 13.7 A. #1 had 13.2 (0.5 A away: kept), #2 had 12.7 (1.0 A: sent),
    // #3 had 13.7 (same: nothing), #4 had none (sent).
    const sessions = [
      aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 13.2 }),
      aSession(2, { lastCommand: 'ACCEPTED', previousLimitA: 12.7 }),
      aSession(3, { lastCommand: 'ACCEPTED', previousLimitA: 13.7 }),
      aSession(4),
    ];
    const p = plan(input({ sessions }));

    expect(p.sessions.map((s) => [s.limitA, s.send])).toEqual([
      [13.2, false],
      [13.7, true],
      [13.7, false],
      [13.7, true],
    ]);
  });

  it('hysteresis never keeps limits that would overload a phase: small decreases are sent then', () => {
    // 55/2 = 27.5 A. Both had 28.2 (0.7 A above): keeping both would use 56.4 > 55 → both sent.
    const sessions = [
      aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 28.2 }),
      aSession(2, { lastCommand: 'ACCEPTED', previousLimitA: 28.2 }),
    ];
    const p = plan(input({ sessions }));

    expect(p.sessions.map((s) => [s.limitA, s.send])).toEqual([
      [27.5, true],
      [27.5, true],
    ]);
  });

  it('single-phase chargers only share the phase they are on', () => {
    // Phase A: 100 − 60 − 5 = 35 A for the two chargers on A → 17.5 A; phase B: 100 − 20 − 5 = 75 A
    // for the one on B → its 32 A rating.
    const sessions = [aSession(1, { phases: [0] }), aSession(2, { phases: [0] }), aSession(3, { phases: [1] })];
    const p = plan(input({ meterA: [60, 20, 20], sessions }));

    expect(limits(p)).toEqual([17.5, 17.5, 32]);
  });

  it('electrics: ratings from power and voltage, wiring from the phase setting, samples by line', () => {
    // 22 kW three-phase at 380 V: 22000 / (1.7320508 × 380) = 33.42 → 33.4 A;
    // 7.4 kW single-phase at 220 V: 7400 / 220 = 33.63 → 33.6 A.
    expect(ratingA(22000, 'THREE_PHASE', 380)).toBe(33.4);
    expect(ratingA(7400, 'SINGLE_PHASE', 220)).toBe(33.6);
    expect(ratingA(null, 'THREE_PHASE', 380)).toBe(32);
    expect(wiring('THREE_PHASE', 'BCA')).toEqual([1, 2, 0]);
    expect(wiring('SINGLE_PHASE', 'C')).toEqual([2]);
    expect(wiring(null, null)).toEqual([0, 1, 2]);
    // L1 → B, L2 → C, L3 → A.
    expect(
      measuredByPhase(
        [
          { phase: 'L1', value: 10 },
          { phase: 'L2', value: 11 },
          { phase: 'L3', value: 12 },
        ],
        [1, 2, 0],
      ),
    ).toEqual([12, 10, 11]);
    expect(measuredByPhase([{ phase: null, value: 16 }], [2])).toEqual([0, 0, 16]);
    expect(measuredByPhase([], [0, 1, 2])).toBeNull();
  });

  it('meter in circuit, a station sampled before its reduction: its draw is taken at the accepted limit, not the stale sample', () => {
    // Meter 90 A = 40 A building + 2 × 25 A (both cars already cut from 32 A to 25 A). Session 1's
    // last sample still shows 32 A. Stale: 90 − 32 − 25 = 33 A building → 62 A for the cars, too much.
    // Capped at the accepted 25 A: 90 − 25 − 25 = 40 A → (100 − 40 − 5) / 2 = 27.5 A each.
    const sessions = [
      aSession(1, { measuredA: [32, 32, 32], lastCommand: 'ACCEPTED', previousLimitA: 25 }),
      aSession(2, { measuredA: [25, 25, 25], lastCommand: 'ACCEPTED', previousLimitA: 25 }),
    ];
    const p = plan(input({ meterA: [90, 90, 90], meterInCircuit: true, chargerCount: 2, sessions }));

    expect(p.nonGroupA).toEqual([40, 40, 40]);
    expect(limits(p)).toEqual([27.5, 27.5]);
  });

  it('meter in circuit, a car still ramping up under a raised limit: its lower sample is kept (the building is over-, never under-estimated)', () => {
    // Limit 30 A accepted, last sample 18 A: 90 − 18 = 72 A counted as building → (100 − 72 − 5) = 23 A.
    const sessions = [aSession(1, { measuredA: [18, 18, 18], lastCommand: 'ACCEPTED', previousLimitA: 30 })];
    const p = plan(input({ meterA: [90, 90, 90], meterInCircuit: true, chargerCount: 1, sessions, hysteresisA: 1 }));

    expect(p.nonGroupA).toEqual([72, 72, 72]);
    expect(limits(p)).toEqual([23]);
  });

  it('control window: three periods, at least 15 s, at most the meter’s online window', () => {
    expect(controlWindowMs(5000, 120_000)).toBe(15_000);
    expect(controlWindowMs(150, 30_000)).toBe(15_000);
    expect(controlWindowMs(10_000, 120_000)).toBe(30_000);
    expect(controlWindowMs(60_000, 120_000)).toBe(120_000);
  });

  it('meter in circuit, a car plugged in after the reading: its draw is not taken off a reading it is not in', () => {
    // Reading at 10:05 = 40 A building + 20 A of session 1. Session 2 arrived at 10:06 and already
    // samples 12 A: 60 − 20 = 40 A building (not 60 − 32 = 28 A) → 100 − 40 − 5 = 55 A for both.
    const sessions = [aSession(1, { measuredA: [20, 20, 20] }), aSession(6, { measuredA: [12, 12, 12] })];
    const p = plan(
      input({ meterA: [60, 60, 60], meterAt: Date.UTC(2026, 10, 25, 10, 5), meterInCircuit: true, chargerCount: 2, sessions }),
    );

    expect(p.nonGroupA).toEqual([40, 40, 40]);
    expect(limits(p)).toEqual([27.5, 27.5]);
  });

  it('short dropout: the building held at its last known 70 A → (100 − 70 − 5) / 2 = 12.5 A, under the 50 A static budget', () => {
    const sessions = [aSession(1), aSession(2)];
    const p = plan(input({ meterA: null, heldNonGroupA: [70, 70, 70], chargerCount: 2, sessions }));

    expect(p.mode).toBe('FAILSAFE');
    expect(p.availableA).toEqual([25, 25, 25]);
    expect(limits(p)).toEqual([12.5, 12.5]);
  });

  it('short dropout with a quiet building: the static budget (100 A / 4 chargers = 25 A) still caps each charger', () => {
    const sessions = [aSession(1), aSession(2)];
    const p = plan(input({ meterA: null, heldNonGroupA: [10, 10, 10], chargerCount: 4, sessions }));

    expect(limits(p)).toEqual([25, 25]);
  });

  describe('cars that take less than offered', () => {
    it('an 11 kW car settled at 16 A under a 27.5 A limit is capped at 18 A and the rest goes to the others', () => {
      // available = 100 − 40 − 5 = 55 A per phase, two sessions: 27.5 A each by fair share. The first
      // car draws 16 A on every phase under its accepted 27.5 A: it takes at most 16 + 2 = 18 A; the
      // second gets 55 − 18 = 37 A, above its 32 A rating → 32 A.
      const first = aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 27.5, appetiteA: [16, 16, 16] });
      const p = plan(input({ sessions: [first, aSession(2)] }));

      const byTx = Object.fromEntries(p.sessions.map((s) => [s.transactionId, [s.limitA, s.reason]]));
      expect(byTx).toEqual({ 1: [18, 'CAR_CAP'], 2: [32, 'RATING_CAP'] });
    });

    it('a car drawing within 1 A of its limit is not capped: it may want more', () => {
      // 26.6 A under 27.5 A: 26.6 > 27.5 − 1 = 26.5 → fair share 27.5 A each again.
      const first = aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 27.5, appetiteA: [26.6, 26.6, 26.6] });
      const p = plan(input({ sessions: [first, aSession(2)] }));
      expect(limits(p)).toEqual([27.5, 27.5]);
      expect(p.sessions.map((s) => s.reason)).toEqual(['FAIR_SHARE', 'FAIR_SHARE']);
    });

    it('a car near full keeps the IEC minimum, not its draw + 2 A', () => {
      // draws 1.5 A under 20 A: 1.5 + 2 = 3.5 A, raised to the 6 A minimum. The other: 55 − 6 = 49 → 32 A rating.
      const first = aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 20, appetiteA: [1.5, 1.5, 1.5] });
      const p = plan(input({ sessions: [first, aSession(2)] }));
      expect(limits(p)).toEqual([6, 32]);
    });

    it('a single-phase car on a three-phase charger counts only on the phase it draws from', () => {
      // A 60 A breaker: 60 − 40 − 5 = 15 A per phase. #1 and #2 are single-phase cars drawing on A
      // only, within 1 A of their 7.5 A limits (not capped); #3 is a car not seen yet.
      const one = aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 7.5, appetiteA: [7, 0, 0] });
      const two = aSession(2, { lastCommand: 'ACCEPTED', previousLimitA: 7.5, appetiteA: [7.2, 0, 0] });
      const p = plan(input({ breakerA: 60, sessions: [one, two, aSession(3)] }));
      // #3 unknown counts on A, B and C: A holds three → 15 / 3 = 5 A < 6 → the latest, #3, is
      // paused; #1 and #2 get 7.5 A each.
      expect(limits(p)).toEqual([7.5, 7.5, 0]);

      // Once #3's car is seen drawing on B and C only (a two-line car), A no longer holds it: 15 A.
      const three = aSession(3, { lastCommand: 'ACCEPTED', previousLimitA: 6, appetiteA: [0, 5.8, 5.8] });
      const q = plan(input({ breakerA: 60, sessions: [one, two, three] }));
      expect(limits(q)).toEqual([7.5, 7.5, 15]);
    });

    it('a car that follows its settled limit counts at that limit on the meter, not at its older sample', () => {
      // Meter in circuit reads 60 A per phase at 10:10:00. The car was raised from 6 to 20 A at
      // 10:09:40: settled 2 s + 14 A ÷ 2 A/s = 9 s later, at 10:09:51, before the reading. It draws
      // all of it (19.6 A, within 1 A), but its last sample before the reading still shows 6 A: the
      // building is 60 − 20 = 40 A, not 60 − 6 = 54 A.
      const meterAt = Date.UTC(2026, 10, 25, 10, 10, 0);
      const follows = aSession(1, {
        lastCommand: 'ACCEPTED',
        previousLimitA: 20,
        limitBeforeA: 6,
        limitSince: Date.UTC(2026, 10, 25, 10, 9, 40),
        measuredA: [6, 6, 6],
        appetiteA: [19.6, 19.6, 19.6],
      });
      const p = plan(input({ meterA: [60, 60, 60], meterAt, meterInCircuit: true, sessions: [follows] }));
      expect(p.nonGroupA).toEqual([40, 40, 40]);

      // Raised at 10:09:52: settled at 10:10:03, after the reading → its sample, 60 − 6 = 54 A.
      const late = plan(
        input({
          meterA: [60, 60, 60],
          meterAt,
          meterInCircuit: true,
          sessions: [{ ...follows, limitSince: Date.UTC(2026, 10, 25, 10, 9, 52) }],
        }),
      );
      expect(late.nonGroupA).toEqual([54, 54, 54]);

      // A car taking less than offered (capped): its sample, 60 − 6 = 54 A.
      const less = plan(input({ meterA: [60, 60, 60], meterAt, meterInCircuit: true, sessions: [{ ...follows, appetiteA: [6, 6, 6] }] }));
      expect(less.nonGroupA).toEqual([54, 54, 54]);
    });

    it('a car paused and resumed since its sample counts at the lower limit: the building is never under-estimated', () => {
      // The car drew 6.9 A (its sample at 10:09:58), was paused at 10:09:59 (0 A, settled by the
      // 10:10:02 reading, which reads 25 A: the building alone) and resumed at 9.2 A at 10:10:03.
      // Capped by the current limit alone its sample would count 6.9 A: building 25 − 6.9 = 18.1 A,
      // too low. The limit changed after the reading, so the lower of 9.2 and 0 caps it: 25 A.
      const meterAt = Date.UTC(2026, 10, 25, 10, 10, 2);
      const resumed = aSession(1, {
        lastCommand: 'ACCEPTED',
        previousLimitA: 9.2,
        limitBeforeA: 0,
        limitSince: Date.UTC(2026, 10, 25, 10, 10, 3),
        measuredA: [6.9, 6.9, 6.9],
      });
      const p = plan(input({ meterA: [25, 25, 25], meterAt, meterInCircuit: true, sessions: [resumed] }));
      expect(p.nonGroupA).toEqual([25, 25, 25]);
    });

    it('no appetite without an accepted limit: a car never offered one is not capped', () => {
      const p = plan(input({ sessions: [aSession(1, { appetiteA: [5, 5, 5] }), aSession(2)] }));
      expect(limits(p)).toEqual([27.5, 27.5]);
    });
  });

  describe('one building figure per reading', () => {
    const readingAt = Date.UTC(2026, 10, 25, 10, 10, 0);
    const stored = {
      mode: 'DYNAMIC',
      non_group_a: [40, 40, 40],
      reading_at: '2026-11-25T10:10:00.000Z',
      reading_non_group_a: [40, 40, 40],
    };

    it('a stored plan’s figure is read back for the same reading only', () => {
      expect(storedBuilding(stored)).toEqual({ at: readingAt, nonGroupA: [40, 40, 40], carried: false });
      expect(nonGroupOfReading(stored, readingAt)).toEqual([40, 40, 40]);
      // The next reading, 5 s later: worked out again.
      expect(nonGroupOfReading(stored, readingAt + 5000)).toBeNull();
      // A plan stored before plans carried their reading: none.
      expect(nonGroupOfReading({ mode: 'DYNAMIC', non_group_a: [40, 40, 40] }, readingAt)).toBeNull();
    });

    it('a second plan on the same reading keeps the first one’s building: two cars cut since do not make it look larger', () => {
      // Reading 10:10:00: 40 A building + 2 × 25 A = 90 A; the first plan on it worked out 40 A. At
      // 10:10:02 a third car (not drawing at the reading) got its first limit and the two were cut to
      // 18.3 A (from 25 A): their samples (25 A) are now capped by the lower of their two latest limits,
      // 18.3 A, so working the reading out again gives 90 − 2 × 18.3 = 53.4 A of building. Kept at
      // 40 A: (100 − 40 − 5) = 55 A → 18.3 A each for the three (55 / 3 = 18.33, floored), the limits
      // they already have: nothing to send.
      const cut = {
        lastCommand: 'ACCEPTED' as const,
        previousLimitA: 18.3,
        limitBeforeA: 25,
        limitSince: readingAt + 2000,
        measuredA: [25, 25, 25] as [number, number, number],
      };
      const sessions = [
        aSession(1, cut),
        aSession(2, cut),
        aSession(9, { lastCommand: 'ACCEPTED', previousLimitA: 18.3, limitSince: readingAt + 2000 }),
      ];
      const again = plan(input({ meterA: [90, 90, 90], meterAt: readingAt, meterInCircuit: true, sessions }));
      expect(again.nonGroupA![0]).toBeCloseTo(53.4, 6);

      const kept = plan(
        input({ meterA: [90, 90, 90], meterAt: readingAt, meterInCircuit: true, sessions, readingNonGroupA: [40, 40, 40] }),
      );
      expect(kept.nonGroupA).toEqual([40, 40, 40]);
      expect(limits(kept)).toEqual([18.3, 18.3, 18.3]);
      expect(kept.sessions.every((s) => !s.send)).toBe(true);
    });

    it('a car that stopped after the reading: its current, still in the reading, is taken off it', () => {
      // Reading 70 A = 40 A building + session 1 (15 A) + session 2 (15 A), which stopped since. Counting
      // only session 1: 70 − 15 = 55 A of building. With session 2 taken off too: 40 A → (100 − 40 − 5)
      // = 55 A for session 1 alone, capped at its 32 A rating.
      const running = aSession(1, { measuredA: [15, 15, 15] });
      const stopped = aSession(2, { measuredA: [15, 15, 15] });
      const without = plan(input({ meterA: [70, 70, 70], meterAt: readingAt, meterInCircuit: true, sessions: [running] }));
      expect(without.nonGroupA).toEqual([55, 55, 55]);

      const p = plan(input({ meterA: [70, 70, 70], meterAt: readingAt, meterInCircuit: true, sessions: [running], departed: [stopped] }));
      expect(p.nonGroupA).toEqual([40, 40, 40]);
      expect(limits(p)).toEqual([32]);
    });

    it('a car plugged in since the previous reading and not sampled yet: the previous reading’s building, within what this one allows', () => {
      // Previous reading 10:10:00: 40 A building. Session 1 runs at 20 A (sampled); session 2 plugged
      // in at 10:10:02, draws 10 A at the 10:10:05 reading but has no sample yet. Reading 71 A = 41 A
      // building + 20 + 10. Counting session 2 at 0: 71 − 20 = 51 A of building. It draws at most its
      // 32 A rating, so the building is at least 51 − 32 = 19 A; the previous 40 A lies between:
      // 40 A → (100 − 40 − 5) = 55 A for two = 27.5 A each.
      const at = readingAt + 5000;
      const one = aSession(1, { measuredA: [20, 20, 20] });
      const two = { ...aSession(2), arrivedAt: readingAt + 2000 };
      const previousReading = { at: readingAt, nonGroupA: [40, 40, 40] as [number, number, number] };
      const p = plan(input({ meterA: [71, 71, 71], meterAt: at, meterInCircuit: true, sessions: [one, two], previousReading }));
      expect(p.nonGroupA).toEqual([40, 40, 40]);
      expect(p.buildingCarried).toBe(true);
      expect(limits(p)).toEqual([27.5, 27.5]);

      // The building fell to 25 A meanwhile: 55 − 20 = 35 A at most → 35 A, not the previous 40 A.
      const fell = plan(input({ meterA: [55, 55, 55], meterAt: at, meterInCircuit: true, sessions: [one, two], previousReading }));
      expect(fell.nonGroupA).toEqual([35, 35, 35]);

      // Without a car new since the previous reading (session 2 sampled now at 10 A): worked out as always, 71 − 30 = 41 A.
      const sampled = plan(
        input({
          meterA: [71, 71, 71],
          meterAt: at,
          meterInCircuit: true,
          sessions: [one, { ...two, measuredA: [10, 10, 10] }],
          previousReading,
        }),
      );
      expect(sampled.nonGroupA).toEqual([41, 41, 41]);
      expect(sampled.buildingCarried).toBe(false);
    });

    it('a dropout: the held building grows by the margin every control period once the failsafe has begun', () => {
      // Worked out at 40 A on the 10:10:00 reading; control window 15 s, period 5 s, margin 5 A.
      const held = (s: number) =>
        heldNonGroup(storedBuilding(stored), readingAt + s * 1000, { periodMs: 5000, windowMs: 15_000, marginA: 5 });
      // 10 s after the reading (still inside the window) and at the failsafe's start: 40 A.
      expect(held(10)).toEqual([40, 40, 40]);
      expect(held(15)).toEqual([40, 40, 40]);
      // 25 s after: two periods into the failsafe, 40 + 2 × 5 = 50 A.
      expect(held(25)).toEqual([50, 50, 50]);
      // Planned on it: (100 − 50 − 5) = 45 A for two sessions = 22.5 A each, under the 100 / 4 = 25 A static budget.
      const p = plan(input({ meterA: null, heldNonGroupA: held(25), chargerCount: 4, sessions: [aSession(1), aSession(2)] }));
      expect(limits(p)).toEqual([22.5, 22.5]);
      // 45 s after: 40 + 6 × 5 = 70 A → (100 − 70 − 5) = 25 A for two = 12.5 A each.
      const later = plan(input({ meterA: null, heldNonGroupA: held(45), chargerCount: 4, sessions: [aSession(1), aSession(2)] }));
      expect(limits(later)).toEqual([12.5, 12.5]);
      expect(heldNonGroup(null, readingAt, { periodMs: 5000, windowMs: 15_000, marginA: 5 })).toBeNull();
    });
  });

  describe('hysteresis over a phase', () => {
    it('small increases kept on a phase that leave 1 A or more unused together: the largest are sent until less is left', () => {
      // 55 / 4 = 13.75 → 13.7 A each. #1, #2 and #3 had 13.2 A: each 0.5 A under, kept alone, but
      // together 1.5 A unused ≥ 1 A → #1 is sent (1.0 A left, still ≥ 1), then #2 (0.5 A left < 1):
      // #3 keeps 13.2 A. #4 already has 13.7 A. Used: 3 × 13.7 + 13.2 = 54.3 ≤ 55 A.
      const sessions = [
        aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 13.2 }),
        aSession(2, { lastCommand: 'ACCEPTED', previousLimitA: 13.2 }),
        aSession(3, { lastCommand: 'ACCEPTED', previousLimitA: 13.2 }),
        aSession(4, { lastCommand: 'ACCEPTED', previousLimitA: 13.7 }),
      ];
      const p = plan(input({ sessions }));

      expect(p.sessions.map((s) => [s.limitA, s.send, s.reason])).toEqual([
        [13.7, true, 'FAIR_SHARE'],
        [13.7, true, 'FAIR_SHARE'],
        [13.2, false, 'HYSTERESIS'],
        [13.7, false, 'FAIR_SHARE'],
      ]);
      expect(p.sessions[2]!.plannedA).toBe(13.7);
    });

    it('a kept increase is not sent when kept decreases already fill the phase', () => {
      // 55 / 4 → 13.7 A each (54.8 A). #1 and #2 had 13.0 A (0.7 A under each, 1.4 A together);
      // #3 and #4 had 14.3 A (0.6 A over each, kept: 13 + 13 + 14.3 + 14.3 = 54.6 ≤ 55 A). Sending
      // #1 would use 54.6 + 0.7 = 55.3 > 55 A: not sent; #2 then leaves 0.7 A < 1 A. Nothing is sent.
      const sessions = [
        aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 13 }),
        aSession(2, { lastCommand: 'ACCEPTED', previousLimitA: 13 }),
        aSession(3, { lastCommand: 'ACCEPTED', previousLimitA: 14.3 }),
        aSession(4, { lastCommand: 'ACCEPTED', previousLimitA: 14.3 }),
      ];
      const p = plan(input({ sessions }));

      expect(p.sessions.map((s) => [s.limitA, s.send])).toEqual([
        [13, false],
        [13, false],
        [14.3, false],
        [14.3, false],
      ]);
    });
  });
});
