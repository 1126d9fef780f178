import { describe, expect, it } from 'vitest';
import { DEFAULT_TUNING, controlWindowMs, drawAt, failsafeBuilding, plan, type PlannerInput, type PlannerSession } from './planner';
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

/**
 * Session `n` whose accepted limit went from `from` to `to` A at `at` (ms since the epoch), with its
 * last report of `report` A per phase taken at `reportAt` (absent: none, or of unknown age).
 */
function aChange(n: number, c: { from: number; to: number; at: number; report?: number; reportAt?: number }): PlannerSession {
  return aSession(n, {
    lastCommand: 'ACCEPTED',
    previousLimitA: c.to,
    limitBeforeA: c.from,
    limitSince: c.at,
    ...(c.report === undefined ? {} : { measuredA: [c.report, c.report, c.report] }),
    ...(c.reportAt === undefined ? {} : { measuredAt: c.reportAt }),
  });
}

/** 10:30 on the day of the sessions: every limit below set long before (out of the 60 s dwell). */
const NOW = Date.UTC(2026, 10, 25, 10, 30);

function input(over: Partial<PlannerInput>): PlannerInput {
  return {
    now: NOW,
    breakerA: 100,
    marginA: 5,
    meterA: [40, 40, 40],
    meterInCircuit: false,
    chargerCount: 4,
    sessions: [],
    tuning: DEFAULT_TUNING,
    ...over,
  };
}

const limits = (p: ReturnType<typeof plan>) => p.sessions.map((s) => s.limitA);

/** Two chargers behind a meter in their circuit that read `total` A per phase at `at`. */
function inCircuit(total: number, at: number, over: Partial<PlannerInput>): PlannerInput {
  return input({ meterA: [total, total, total], meterAt: at, meterInCircuit: true, chargerCount: 2, ...over });
}

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

  it('meter in circuit: the chargers’ own measured draw is not counted as building load', () => {
    // meter 70 A per phase includes two sessions measured at 15 A → non-group = 70 − 30 = 40 A;
    // available = 100 − 40 − 5 = 55 A; 55 / 2 = 27.5 A each.
    const sessions = [aSession(1, { measuredA: [15, 15, 15] }), aSession(2, { measuredA: [15, 15, 15] })];
    const p = plan(input({ meterA: [70, 70, 70], meterInCircuit: true, sessions }));

    expect(p.buildingA).toEqual([40, 40, 40]);
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

  it('dead band: a change under 1 A is not sent; 1 A or more is, and shares what the held ones leave', () => {
    // 55/4 = 13.75 → 13.7 A. #1 had 13.2 (0.5 A away: held), #3 had 13.7 (same: held); #2 had
    // 12.7 (1.0 A: free) and #4 none (free). The free ones share 55 − 13.2 − 13.7 = 28.1 A → 14.05
    // → 14.0 A each (used: 13.2 + 14 + 13.7 + 14 = 54.9 ≤ 55).
    const sessions = [
      aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 13.2 }),
      aSession(2, { lastCommand: 'ACCEPTED', previousLimitA: 12.7 }),
      aSession(3, { lastCommand: 'ACCEPTED', previousLimitA: 13.7 }),
      aSession(4),
    ];
    const p = plan(input({ sessions }));

    expect(p.sessions.map((s) => [s.limitA, s.send, s.reason])).toEqual([
      [13.2, false, 'HOLD_DEAD_BAND'],
      [14, true, 'FAIR_SHARE'],
      [13.7, false, 'FAIR_SHARE'],
      [14, true, 'FAIR_SHARE'],
    ]);
    expect(p.sessions[0]!.plannedA).toBe(13.7);
  });

  it('held limits may eat into half the margin; past it, the highest is cut by the whole excess at once', () => {
    // 55/2 = 27.5 A. Both had 28.2 (0.7 A above their target: within the dead band): 56.4 A is
    // 1.4 A over, within half the 5 A margin (2.5 A): both keep 28.2.
    const within = plan(
      input({
        sessions: [
          aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 28.2 }),
          aSession(2, { lastCommand: 'ACCEPTED', previousLimitA: 28.2 }),
        ],
      }),
    );
    expect(within.sessions.map((s) => [s.limitA, s.send])).toEqual([
      [28.2, false],
      [28.2, false],
    ]);
    // Both at 29.5 A since 10 s (in their dwell): 59 A is 4 A over, more than 2.5 A. The latest
    // arrival, #2, gives all 4 A at once: 29.5 − 4 = 25.5 A (no lower than 27.5 − 6 = 21.5 A).
    // 29.5 + 25.5 = 55 A: back to the whole margin; #1 keeps 29.5 A. One change, not two.
    const over = plan(
      input({
        sessions: [
          aSession(1, { lastCommand: 'ACCEPTED', previousLimitA: 29.5, limitSince: NOW - 10_000 }),
          aSession(2, { lastCommand: 'ACCEPTED', previousLimitA: 29.5, limitSince: NOW - 10_000 }),
        ],
      }),
    );
    expect(over.sessions.map((s) => [s.limitA, s.send, s.safety])).toEqual([
      [29.5, false, undefined],
      [25.5, true, true],
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

    expect(p.buildingA).toEqual([40, 40, 40]);
    expect(limits(p)).toEqual([27.5, 27.5]);
  });

  it('meter in circuit, a car still ramping up under a raised limit: its lower sample is kept (the building is over-, never under-estimated)', () => {
    // Limit 30 A accepted, last sample 18 A: 90 − 18 = 72 A counted as building → (100 − 72 − 5) = 23 A.
    const sessions = [aSession(1, { measuredA: [18, 18, 18], lastCommand: 'ACCEPTED', previousLimitA: 30 })];
    const p = plan(input({ meterA: [90, 90, 90], meterInCircuit: true, chargerCount: 1, sessions }));

    expect(p.buildingA).toEqual([72, 72, 72]);
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

    expect(p.buildingA).toEqual([40, 40, 40]);
    expect(limits(p)).toEqual([27.5, 27.5]);
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

    it('a car whose report is older than its limit counts at that limit once it has had time to follow', () => {
      // Meter in circuit reads 60 A per phase at 10:10:00. The car was raised from 6 to 20 A at
      // 10:09:20; it follows within 30 s (10:09:50), before the reading. Its last report, from before
      // the raise, shows 6 A: the building is 60 − 20 = 40 A, not 60 − 6 = 54 A.
      const meterAt = Date.UTC(2026, 10, 25, 10, 10, 0);
      const follows = aChange(1, {
        from: 6,
        to: 20,
        at: Date.UTC(2026, 10, 25, 10, 9, 20),
        report: 6,
        reportAt: Date.UTC(2026, 10, 25, 10, 9, 0),
      });
      const p = plan(input({ now: meterAt, meterA: [60, 60, 60], meterAt, meterInCircuit: true, sessions: [follows] }));
      expect(p.buildingA).toEqual([40, 40, 40]);

      // Raised at 10:09:40: still following at the reading (until 10:10:10), somewhere between 6
      // and 20 A: the building is between 40 and 54 A. With no figure before, the safe end, 54 A;
      // with 45 A before, 45 A (the reading does not prove it wrong); with 38 A before, 40 A.
      const following = { ...follows, limitSince: Date.UTC(2026, 10, 25, 10, 9, 40) };
      const base = input({ now: meterAt, meterA: [60, 60, 60], meterAt, meterInCircuit: true, sessions: [following] });
      const late = plan(base);
      expect(late.buildingRangeA).toEqual({ low: [40, 40, 40], high: [54, 54, 54] });
      expect(late.buildingA).toEqual([54, 54, 54]);
      expect(plan({ ...base, buildingBefore: { at: meterAt - 5000, a: [45, 45, 45] } }).buildingA).toEqual([45, 45, 45]);
      expect(plan({ ...base, buildingBefore: { at: meterAt - 5000, a: [38, 38, 38] } }).buildingA).toEqual([40, 40, 40]);

      // A car that took 6 A under a 16 A limit (its charger or battery limits it) takes at most 6 A
      // under 20 A: 60 − 6 = 54 A, once settled.
      const less = { ...follows, limitBeforeA: 16 };
      expect(plan(input({ now: meterAt, meterA: [60, 60, 60], meterAt, meterInCircuit: true, sessions: [less] })).buildingA).toEqual([
        54, 54, 54,
      ]);
    });

    it('a car paused and resumed since its sample counts at the lower limit: the building is never under-estimated', () => {
      // The car drew 6.9 A (its sample at 10:09:58), was paused at 10:09:59 (0 A, settled by the
      // 10:10:02 reading, which reads 25 A: the building alone) and resumed at 9.2 A at 10:10:03.
      // Capped by the current limit alone its sample would count 6.9 A: building 25 − 6.9 = 18.1 A,
      // too low. The limit changed after the reading, so the lower of 9.2 and 0 caps it: 25 A.
      const meterAt = Date.UTC(2026, 10, 25, 10, 10, 2);
      const resumed = aChange(1, { from: 0, to: 9.2, at: Date.UTC(2026, 10, 25, 10, 10, 3), report: 6.9 });
      const p = plan(input({ meterA: [25, 25, 25], meterAt, meterInCircuit: true, sessions: [resumed] }));
      expect(p.buildingA).toEqual([25, 25, 25]);
    });

    it('no appetite without an accepted limit: a car never offered one is not capped', () => {
      const p = plan(input({ sessions: [aSession(1, { appetiteA: [5, 5, 5] }), aSession(2)] }));
      expect(limits(p)).toEqual([27.5, 27.5]);
    });
  });

  describe('stability: dwell, rate, safety first', () => {
    const SEC = 1000;
    /** A session that has had `limit` A since `ago` seconds before NOW. */
    const having = (n: number, limit: number, ago: number, over: Partial<PlannerSession> = {}) =>
      aSession(n, { lastCommand: 'ACCEPTED', previousLimitA: limit, limitSince: NOW - ago * SEC, ...over });

    it('a raise waits for the dwell: 20 s after its last change the car keeps its limit, at 60 s it is raised', () => {
      // Alone under 55 A: its target is its 32 A rating; it has 20 A since 20 s ago.
      const early = plan(input({ sessions: [having(1, 20, 20)] }));
      expect(early.sessions.map((s) => [s.limitA, s.send, s.reason, s.plannedA])).toEqual([[20, false, 'HOLD_DWELL', 32]]);

      const later = plan(input({ sessions: [having(1, 20, 60)] }));
      expect(later.sessions.map((s) => [s.limitA, s.send, s.reason])).toEqual([[32, true, 'RATING_CAP']]);
    });

    it('a running car is paused only when the cars at the minimum would eat more than half the margin', () => {
      // 40 A breaker, 5 A margin; two cars at 8 A since 2 min ago.
      // Building 23.4 A: 40 − 23.4 − 5 = 11.6 A, 5.8 A each. Both at 6 A use 12 A: 0.4 A into the
      // margin, within its half (2.5 A) → both keep running, at 6 A (a 2 A cut: beyond the dead band).
      const cars = () => [having(1, 8, 120), having(2, 8, 120)];
      const near = plan(input({ breakerA: 40, meterA: [23.4, 23.4, 23.4], sessions: cars() }));
      expect(near.sessions.map((s) => [s.limitA, s.send])).toEqual([
        [6, true],
        [6, true],
      ]);
      // Building 26 A: 9 A left; both at 6 A would use 12 A, 3 A into the margin (more than 2.5 A):
      // the latest arrival (#2) is paused, #1 takes the 9 A (1 A above its 8 A: sent).
      const far = plan(input({ breakerA: 40, meterA: [26, 26, 26], sessions: cars() }));
      expect(far.sessions.map((s) => [s.limitA, s.reason])).toEqual([
        [9, 'FAIR_SHARE'],
        [0, 'PAUSED'],
      ]);
      // A car arriving gets no such slack: #1 running at 8 A, #2 new, building 23.4 A → 5.8 A each
      // short of 6: the newcomer waits (0 A) and #1 takes the 11.6 A.
      const arriving = plan(input({ breakerA: 40, meterA: [23.4, 23.4, 23.4], sessions: [having(1, 8, 120), aSession(2)] }));
      expect(arriving.sessions.map((s) => [s.limitA, s.reason])).toEqual([
        [11.6, 'FAIR_SHARE'],
        [0, 'PAUSED'],
      ]);
    });

    it('a step of +20 A in the building cuts at once, whatever the dwell', () => {
      // Two cars at 27.5 A (55 A for both) changed 10 s ago. The building goes 40 → 60 A: 35 A left,
      // 17.5 A each. Keeping 55 A would overload the phase by 20 A. No one car can give 20 A and stay
      // within 6 A of its target (27.5 − 20 = 7.5 < 11.5): #2 (the latest) goes to its target, 17.5 A;
      // 10 A still over, which #1 can give (27.5 − 10 = 17.5 ≥ 11.5): 17.5 A each, now.
      const sessions = [having(1, 27.5, 10), having(2, 27.5, 10)];
      const p = plan(input({ meterA: [60, 60, 60], sessions }));
      expect(p.sessions.map((s) => [s.limitA, s.send, s.safety])).toEqual([
        [17.5, true, true],
        [17.5, true, true],
      ]);
    });

    it('a car arriving with room is never paused for a held one: the highest held limit is cut for it', () => {
      // 55 A, #1 and #2 at 27.5 A since 10 s (dwell). #3 arrives: targets 55 / 3 = 18.3 A. Holding
      // both leaves #3 nothing → the latest of the highest, #2, is cut to 18.3 A; #3 gets what is
      // left, 55 − 27.5 − 18.3 = 9.2 A (≥ 6 A); #1 keeps 27.5 A until its dwell is over.
      const p = plan(input({ sessions: [having(1, 27.5, 10), having(2, 27.5, 10), aSession(3)] }));
      expect(p.sessions.map((s) => [s.transactionId, s.limitA, s.send, s.reason])).toEqual([
        [1, 27.5, false, 'HOLD_DWELL'],
        [2, 18.3, true, 'FAIR_SHARE'],
        [3, 9.2, true, 'FAIR_SHARE'],
      ]);
    });

    it('current a departure frees goes at once to the cars out of their dwell', () => {
      // 55 A: #1 at 18.3 A changed 10 s ago (held), #2 at 18.3 A changed 5 min ago (free); #3 left.
      // #2 takes 55 − 18.3 = 36.7 A, capped at its 32 A rating.
      const p = plan(input({ sessions: [having(1, 18.3, 10), having(2, 18.3, 300)] }));
      expect(p.sessions.map((s) => [s.limitA, s.send, s.reason])).toEqual([
        [18.3, false, 'HOLD_DWELL'],
        [32, true, 'RATING_CAP'],
      ]);
    });

    it('a paused car stays paused for the dwell, even when room comes back', () => {
      const p = plan(input({ sessions: [having(1, 0, 30)] }));
      expect(p.sessions.map((s) => [s.limitA, s.send, s.reason])).toEqual([[0, false, 'HOLD_DWELL']]);
      const q = plan(input({ sessions: [having(1, 0, 61)] }));
      expect(q.sessions.map((s) => [s.limitA, s.send])).toEqual([[32, true]]);
    });

    it('an arrival at a full site costs one car one change, not every car a few tenths', () => {
      // 55 A; four cars at 13.7 A (54.8 A) since 10 s (dwell). #5 arrives: targets 55 / 5 = 11 A.
      // Held, they leave 0.2 A: #5 would get less than 6 A. The latest of the highest, #4, gives
      // the whole 5.8 A lacking at once: 13.7 − 5.8 = 7.9 A (not below 11 − 6 = 5, nor below 6 A).
      // 55 − 3 × 13.7 − 7.9 = 6.0 A for #5. #1–#3 keep 13.7 A until their dwell is over.
      const sessions = [having(1, 13.7, 10), having(2, 13.7, 10), having(3, 13.7, 10), having(4, 13.7, 10), aSession(5)];
      const p = plan(input({ sessions }));
      expect(p.sessions.map((s) => [s.transactionId, s.limitA, s.send, s.safety])).toEqual([
        [1, 13.7, false, undefined],
        [2, 13.7, false, undefined],
        [3, 13.7, false, undefined],
        [4, 7.9, true, true],
        [5, 6, true, undefined],
      ]);
    });

    it('a paused car resumes only with a dead band more than the minimum (hysteresis)', () => {
      // Paused since 120 s (out of its dwell), alone. The building at 88.5 A leaves 100 − 88.5 − 5 =
      // 6.5 A: above the 6 A minimum but under 6 + 1 A: it stays paused. At 88 A, 7 A: it resumes.
      const stays = plan(input({ meterA: [88.5, 88.5, 88.5], sessions: [having(1, 0, 120)] }));
      expect(stays.sessions.map((s) => [s.limitA, s.send, s.reason, s.plannedA])).toEqual([[0, false, 'HOLD_DEAD_BAND', 6.5]]);
      const resumes = plan(input({ meterA: [88, 88, 88], sessions: [having(1, 0, 120)] }));
      expect(resumes.sessions.map((s) => [s.limitA, s.send])).toEqual([[7, true]]);
    });

    it('a station that had its profiles for the minute waits; a safety cut does not', () => {
      const sentLastMinute = new Map([['CB-1', 4]]);
      const raise = plan(input({ sessions: [having(1, 20, 300)], sentLastMinute }));
      expect(raise.sessions.map((s) => [s.limitA, s.send, s.reason])).toEqual([[20, false, 'HOLD_RATE']]);
      // The building at 80 A: 15 A left for a car holding 20 A → cut now.
      const cutNow = plan(input({ meterA: [80, 80, 80], sessions: [having(1, 20, 300)], sentLastMinute }));
      expect(cutNow.sessions.map((s) => [s.limitA, s.send, s.safety])).toEqual([[15, true, true]]);
    });

    it('a building creeping up: the limits eat into half the margin, then one car gives the whole excess', () => {
      // Four cars at 13.7 A (54.8 A). The building rises 40 → 40.8 A: 54.2 A left, targets 13.5 A
      // (0.2 A away: within the dead band). 54.8 is 0.6 A over, within half the 5 A margin: kept.
      const sessions = [having(1, 13.7, 300), having(2, 13.7, 300), having(3, 13.7, 300), having(4, 13.7, 300)];
      const creep = plan(input({ meterA: [40.8, 40.8, 40.8], sessions }));
      expect(creep.sessions.map((s) => [s.limitA, s.send])).toEqual([
        [13.7, false],
        [13.7, false],
        [13.7, false],
        [13.7, false],
      ]);
      // At 42.8 A: 52.2 A left, targets 13.0 A (0.7 A away: still within the dead band); 2.6 A over,
      // more than half the margin: the latest arrival, #4, gives all 2.6 A at once, 13.7 → 11.1 A
      // (no lower than 13 − 6 = 7 A). 3 × 13.7 + 11.1 = 52.2: back to the whole margin.
      const p = plan(input({ meterA: [42.8, 42.8, 42.8], sessions }));
      expect(p.sessions.map((s) => [s.limitA, s.send, s.safety])).toEqual([
        [13.7, false, undefined],
        [13.7, false, undefined],
        [13.7, false, undefined],
        [11.1, true, true],
      ]);
    });
  });

  describe('failsafe: the building assumed at its worst known', () => {
    it('the highest of the 24 h peak, the last figure and the worst case', () => {
      // Peak 70 A, last 50 A: 70 A → (100 − 70 − 5) = 25 A for two cars → 12.5 A each.
      const sessions = [aSession(1), aSession(2)];
      const p = plan(input({ meterA: null, peak24A: [70, 70, 70], lastBuildingA: [50, 50, 50], chargerCount: 2, sessions }));
      expect(p.mode).toBe('FAILSAFE');
      expect([p.failsafeBasis, p.buildingA, p.availableA]).toEqual(['PEAK_24H', [70, 70, 70], [25, 25, 25]]);
      expect(p.sessions.map((s) => [s.limitA, s.reason])).toEqual([
        [12.5, 'FAILSAFE'],
        [12.5, 'FAILSAFE'],
      ]);

      // A configured worst case of 80 A is higher: 100 − 80 − 5 = 15 A → 7.5 A each.
      const worst = plan(
        input({ meterA: null, peak24A: [70, 70, 70], tuning: { ...DEFAULT_TUNING, buildingWorstA: 80 }, chargerCount: 2, sessions }),
      );
      expect([worst.failsafeBasis, worst.availableA, limits(worst)]).toEqual(['WORST_CASE', [15, 15, 15], [7.5, 7.5]]);
    });

    it('knowing nothing of the building: the breaker less the guaranteed minimum of each charger', () => {
      // 63 A, three chargers, 6 A guaranteed: the building is taken at 63 − 18 = 45 A; the chargers
      // share 18 A, 6 A each — never 63 ÷ 3 = 21 A each.
      const p = plan(input({ breakerA: 63, meterA: null, chargerCount: 3, sessions: [aSession(1), aSession(2), aSession(3)] }));
      expect([p.failsafeBasis, p.buildingA, p.availableA, limits(p)]).toEqual(['NO_KNOWLEDGE', [45, 45, 45], [18, 18, 18], [6, 6, 6]]);
      expect(failsafeBuilding({ breakerA: 63, chargerCount: 3, tuning: { ...DEFAULT_TUNING, minPerChargerA: 10 } })).toEqual({
        a: [33, 33, 33],
        basis: 'NO_KNOWLEDGE',
      });
    });

    it('a station that does not acknowledge a cut counts at its rating', () => {
      // 100 − 70 − 5 = 25 A; #1 FAILED (no answer in time) counts 32 A → nothing left for #2: paused.
      const p = plan(
        input({
          meterA: null,
          peak24A: [70, 70, 70],
          chargerCount: 2,
          sessions: [aSession(1, { lastCommand: 'FAILED', previousLimitA: 10 }), aSession(2)],
        }),
      );
      expect(p.sessions.map((s) => [s.limitA, s.assumedA, s.reason])).toEqual([
        [6, 32, 'PROFILE_REJECTED'],
        [0, 0, 'PAUSED'],
      ]);
    });
  });

  it('drawAt: before, during and after a car follows a cut (within 5 s, as IEC 61851-1 asks, whatever its follow time)', () => {
    // Cut 32 → 16 A at 10:00:00; the car's follow time is 30 s, but a cut is obeyed within 5 s.
    const cut = aChange(1, {
      from: 32,
      to: 16,
      at: Date.UTC(2026, 10, 25, 10, 0, 0),
      report: 31.5,
      reportAt: Date.UTC(2026, 10, 25, 9, 59, 30),
    });
    const at = (s: number) => drawAt(cut, Date.UTC(2026, 10, 25, 10, 0, s), 30_000);
    expect(at(-5)).toEqual({ low: [32, 32, 32], high: [32, 32, 32] });
    expect(at(3)).toEqual({ low: [16, 16, 16], high: [32, 32, 32] });
    expect(at(5)).toEqual({ low: [16, 16, 16], high: [16, 16, 16] });
    // A report after it followed: what it shows.
    expect(
      drawAt({ ...cut, measuredA: [15, 15, 15], measuredAt: Date.UTC(2026, 10, 25, 10, 0, 40) }, Date.UTC(2026, 10, 25, 10, 0, 45), 30_000),
    ).toEqual({
      low: [15, 15, 15],
      high: [15, 15, 15],
    });
  });

  it('drawAt: a report taken while the car was paused does not say what it drew under the limit that resumed it', () => {
    // Paused (0 A) and reported 0 A at 09:59:22; resumed at 19.4 A later (when is not recorded), then
    // cut to 7.7 A at 10:00:00.2, after the reading at 10:00:00. At the reading the car drew anything
    // between its report, 0 A, and the 19.4 A it then had — not 0 A, which would take ~15 A it really
    // drew for building load. Once it has had 5 s to follow the cut: between 0 and 7.7 A until a
    // report says.
    const car = aChange(1, {
      from: 19.4,
      to: 7.7,
      at: Date.UTC(2026, 10, 25, 10, 0, 0, 200),
      report: 0,
      reportAt: Date.UTC(2026, 10, 25, 9, 59, 22),
    });
    expect(drawAt(car, Date.UTC(2026, 10, 25, 10, 0, 0), 30_000)).toEqual({ low: [0, 0, 0], high: [19.4, 19.4, 19.4] });
    expect(drawAt(car, Date.UTC(2026, 10, 25, 10, 0, 10), 30_000)).toEqual({ low: [0, 0, 0], high: [7.7, 7.7, 7.7] });
  });

  it('meter in circuit, a station that rejects profiles: its report is taken off the reading, its whole rating is still kept for it', () => {
    // Meter 75 A. Session 1's station rejected its profile; its car reported 15 A. Session 2 has had
    // 20 A for long and reported 20 A. Building: 75 − 15 − 20 = 40 A (taking session 1 off at its
    // 32 A rating would say 23 A, 17 A short, and the figure kept would stay short once it left).
    // For the cars: 100 − 40 − 5 = 55 A, less session 1's 32 A rating = 23 A for session 2; session 1
    // is offered the minimum again.
    const reading = Date.UTC(2026, 10, 25, 10, 30, 0);
    const sessions = [
      aSession(1, { lastCommand: 'REJECTED', measuredA: [15, 15, 15], measuredAt: reading - 10_000 }),
      aSession(2, { lastCommand: 'ACCEPTED', previousLimitA: 20, measuredA: [20, 20, 20], measuredAt: reading - 10_000 }),
    ];
    const p = plan(input({ meterA: [75, 75, 75], meterAt: reading, meterInCircuit: true, chargerCount: 2, sessions }));

    expect(p.buildingA).toEqual([40, 40, 40]);
    expect(limits(p)).toEqual([6, 23]);
    expect(p.sessions.map((x) => x.reason)).toEqual(['PROFILE_REJECTED', 'FAIR_SHARE']);
  });

  it('a session out of control leaves before its first report: the figure starts again from the safe side', () => {
    // Session 1's station rejected its profile; it never reported and was taken off the readings at its
    // 32 A rating, while its car drew 10 A over a 30 A building: the figure kept is 30 + 10 − 32 = 8 A.
    // It stopped after this reading (60 A = 30 + 10 + session 2's 20 A, settled and reported). Its draw
    // in the reading is anywhere from 0 to 32 A: the building lies between 60 − 32 − 20 = 8 A and
    // 60 − 0 − 20 = 40 A, and with its rating no longer kept for it the figure is the high end, 40 A —
    // not the 8 A kept, which would hand session 2 the building's 22 A.
    const reading = Date.UTC(2026, 10, 25, 10, 30, 0);
    const departed = [aSession(1, { lastCommand: 'REJECTED' })];
    const sessions = [aSession(2, { lastCommand: 'ACCEPTED', previousLimitA: 20, measuredA: [20, 20, 20], measuredAt: reading - 10_000 })];
    const p = plan(
      inCircuit(60, reading, {
        sessions,
        departed,
        buildingBefore: { at: reading - 5_000, a: [8, 8, 8] },
      }),
    );

    expect(p.buildingRangeA).toEqual({ low: [8, 8, 8], high: [40, 40, 40] });
    expect(p.estimatedA).toEqual([40, 40, 40]);
    // 100 − 40 − 5 = 55 A: session 2 may have its rating.
    expect(limits(p)).toEqual([32]);
  });

  it('a session out of control leaves unreported while another car follows a raise: its rating is added back, not the high end', () => {
    // As above (figure kept 8 A: building 30 A, session 1 drawing 10 A of its 32 A rating), but
    // session 2 was raised from 10 to 20 A 10 s before the reading and has not reported since: it draws
    // anywhere from 10 to 20 A (it really drew 20: reading 30 + 10 + 20 = 60 A). The interval is
    // 60 − 32 − 20 = 8 A to 60 − 0 − 10 = 50 A. The figure kept, 8 A, goes up by session 1's rating,
    // 32 A: 40 A, within the interval (the building is 30 A; the high end, 50 A, would keep 20 A idle).
    const reading = Date.UTC(2026, 10, 25, 10, 30, 0);
    const departed = [aSession(1, { lastCommand: 'REJECTED' })];
    const sessions = [aChange(2, { from: 10, to: 20, at: reading - 10_000, report: 10, reportAt: reading - 40_000 })];
    const p = plan(
      inCircuit(60, reading, {
        sessions,
        departed,
        buildingBefore: { at: reading - 5_000, a: [8, 8, 8] },
      }),
    );

    expect(p.buildingRangeA).toEqual({ low: [8, 8, 8], high: [50, 50, 50] });
    expect(p.estimatedA).toEqual([40, 40, 40]);
    expect(p.releasedIds).toEqual([1]);

    // Planned again on the same reading (the loop runs more often than the meter reports), from the
    // figure just kept: session 1's rating is already in it, so 40 A again, not 40 + 32 = 72 A.
    const again = plan(
      inCircuit(60, reading, {
        sessions,
        departed,
        buildingBefore: { at: reading, a: p.estimatedA!, released: p.releasedIds },
      }),
    );
    expect(again.estimatedA).toEqual([40, 40, 40]);

    // The next reading, 15 s later: 50 A, and session 2 reported 20 A 5 s before it (it had got to its
    // limit): the interval is 50 − 20 = 30 A at both ends, and the figure comes down to 30 A. The hold
    // rides on what the reading before proved (its low end, 8 A), not on its figure (40 A, a guess
    // on the safe side): the building counted is 30 A, not 40 A for another 20 s.
    const next = plan(
      inCircuit(50, reading + 15_000, {
        now: NOW + 15_000,
        sessions: [aChange(2, { from: 10, to: 20, at: reading - 10_000, report: 20, reportAt: reading + 10_000 })],
        buildingBefore: { at: reading, a: again.estimatedA!, released: again.releasedIds },
        recentBuildingA: again.buildingRangeA!.low,
      }),
    );
    expect(next.buildingRangeA).toEqual({ low: [30, 30, 30], high: [30, 30, 30] });
    expect(next.buildingA).toEqual([30, 30, 30]);
  });

  it('a car that stopped as the meter read: its draw is anywhere from 0, so the building is not raised by it', () => {
    // Reading 60 A: building 30 A, session 1 settled at 20 A (reported), session 2 settled at 10 A,
    // which stopped 0.3 s after the reading (the clocks cannot tell whether its 10 A is in it). The
    // building lies between 60 − 20 − 10 = 30 A and 60 − 20 − 0 = 40 A; the figure kept, 30 A, is in
    // it and stays. Had session 2 been left out, its 10 A would have counted as building: 40 A.
    const reading = Date.UTC(2026, 10, 25, 10, 30, 0);
    const settled = (n: number, a: number) =>
      aSession(n, { lastCommand: 'ACCEPTED', previousLimitA: a, measuredA: [a, a, a], measuredAt: reading - 10_000 });
    const p = plan(
      inCircuit(60, reading, {
        sessions: [settled(1, 20)],
        departed: [{ ...settled(2, 10), stoppedNearReading: true }],
        buildingBefore: { at: reading - 5_000, a: [30, 30, 30] },
      }),
    );
    expect(p.buildingRangeA).toEqual({ low: [30, 30, 30], high: [40, 40, 40] });
    expect(p.estimatedA).toEqual([30, 30, 30]);
  });

  it('a breach the cars following a cut explain does not raise the building figure; one they cannot explain does', () => {
    // Breaker 63 A, margin 5 A: the ceiling is 58 A. The figure kept from the reading before: 35 A.
    // Car 1 was cut from 30 A to 10 A 2 s before this reading (it has 5 s to obey): it draws 10–30 A.
    // Meter 65 A: the building lies between 65 − 30 = 35 A and 65 − 10 = 55 A. The 7 A above the
    // ceiling fit within the 20 A car 1 may still draw above its new limit: the figure stays 35 A.
    const reading = Date.UTC(2026, 10, 25, 10, 30, 0);
    const cutting = aChange(1, { from: 30, to: 10, at: reading - 2_000, report: 30, reportAt: reading - 20_000 });
    const base = {
      breakerA: 63,
      meterInCircuit: true,
      chargerCount: 2,
      meterAt: reading,
      buildingBefore: { at: reading - 5_000, a: [35, 35, 35] as [number, number, number] },
    };
    const p1 = plan(input({ ...base, meterA: [65, 65, 65], sessions: [cutting] }));
    expect(p1.buildingRangeA).toEqual({ low: [35, 35, 35], high: [55, 55, 55] });
    expect(p1.estimatedA).toEqual([35, 35, 35]);

    // Breaker 50 A (ceiling 45 A), figure kept 25 A. Car 1 was raised from 10 A to 20 A 10 s ago and
    // takes 30 s to follow: it draws 10–20 A, never above the 20 A the plan counted. Meter 48 A: the
    // building lies between 28 and 38 A; the figure, clamped up to 28 A, is still too low by the 3 A
    // above the ceiling that no car explains: 31 A.
    const raising = aChange(1, { from: 10, to: 20, at: reading - 10_000, report: 10, reportAt: reading - 30_000 });
    const p2 = plan(
      input({ ...base, breakerA: 50, buildingBefore: { at: reading - 5_000, a: [25, 25, 25] }, meterA: [48, 48, 48], sessions: [raising] }),
    );
    expect(p2.buildingRangeA).toEqual({ low: [28, 28, 28], high: [38, 38, 38] });
    expect(p2.estimatedA).toEqual([31, 31, 31]);
  });
});
