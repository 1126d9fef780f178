import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from './helpers/site-simulation';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The load manager on a simulated clock (issue 41 item 5): the real control loop over the test
 * database, driven second by second by `Site` (helpers/site-simulation.ts). Every expected profile
 * is worked out by hand below; times are seconds after the simulation's origin, and a plan runs
 * 0.2 s after a reading or an arrival. Stations are three-phase 22 kW at 380 V, rated 33.4 A; the safety
 * margin is 5 A; the group's tuning is the default unless said: dead band 1 A, dwell 60 s,
 * 4 profiles per station per minute, cars assumed to follow within 30 s.
 */
describe('smart charging settles (simulated clock, exact profiles)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The app's own loop never runs here (its period is ten minutes and nothing triggers it).
    t = await createTestApp({ env: { SMART_CHARGING_PERIOD_MS: '600000' } });
  });
  afterAll(() => t.close());

  it('meter every 5 s, station every 60 s, one car: one limit, kept for ten minutes, never above the breaker less the margin', async () => {
    // Breaker 40 A, building 20 A: 40 − 20 − 5 = 15 A for the car, which arrives at 2 s. The
    // reading at 0 s does not hold it (it arrived later): building 20 A → 15 A at 2.2 s. From
    // then on the meter reads 35 A; while the car follows, the building is known only between
    // 35 − 32 = 3 A and 35 A and the figure kept, 20 A, is inside; once it has had 30 s, the car
    // counts at its limit (its reports, every 60 s, say 15 A too): 35 − 15 = 20 A. Nothing moves.
    const site = await Site.create(t, { breakerA: 40, building: () => 20, stations: 1, meterEveryS: 5, stationEveryS: 60 }, 'SET-A');
    site.add({ station: 1, arrive: 2 });
    await site.run(-60, 600);

    expect(site.profilesOf(1)).toEqual([[2.2, 15]]);
    expect(site.highestTotal()).toBe(35);
    expect(await site.events('PLAN_CHANGED')).toHaveLength(1);
  });

  it('the same with the station every 15 s and a car that takes 30 s to follow: still one limit', async () => {
    // The car climbs from 0 to 15 A between 2.2 s and 32.2 s; its reports at 17 s (7.4 A) and 32 s
    // (14.9 A) show it on its way: the building stays between the reading less 15 A and the reading
    // less the report, which holds 20 A, so the figure stays 20 A and the limit 15 A.
    const site = await Site.create(t, { breakerA: 40, building: () => 20, stations: 1, meterEveryS: 5, stationEveryS: 15 }, 'SET-B');
    site.add({ station: 1, arrive: 2, followS: 30 });
    await site.run(-60, 600);

    expect(site.profilesOf(1)).toEqual([[2.2, 15]]);
    expect(site.highestTotal()).toBe(35);
  });

  it('two cars arriving and leaving: each change is worth it, none within a dwell', async () => {
    // Breaker 63 A, building 20 A: 38 A for the cars.
    // 2.2 s: car 1 alone → its 33.4 A rating.
    // 102.2 s: car 2 arrives → 19 A each (car 1's last change 100 s ago: free to change).
    // 302.2 s: car 1 leaves (its 19 A still in the 300 s reading, taken off with it) → car 2 alone,
    //   its last change 200 s ago → 33.4 A.
    const site = await Site.create(t, { breakerA: 63, building: () => 20, stations: 2, meterEveryS: 5, stationEveryS: 60 }, 'SET-C');
    site.add({ station: 1, arrive: 2, leave: 302 });
    site.add({ station: 2, arrive: 102, leave: 502 });
    await site.run(-60, 600);

    expect(site.profilesOf(1)).toEqual([
      [2.2, 33.4],
      [102.2, 19],
    ]);
    expect(site.profilesOf(2)).toEqual([
      [102.2, 19],
      [302.2, 33.4],
    ]);
    expect(site.highestTotal()).toBeLessThanOrEqual(58);
  });

  it('five cars arriving 30 s apart, then leaving: the dwell holds the recent ones, the others share what they leave', async () => {
    // Breaker 100 A, building 20 A: 75 A for the cars.
    // 2.2 s: 1 → 33.4 (rating). 32.2 s: 2 → 33.4 (75 − 33.4 = 41.6 left; 1 keeps its 33.4).
    // 62.2 s: 3 arrives; targets 25 each. 2 changed 30 s ago (dwell: kept at 33.4); 1 (60 s ago) and
    //   3 share 75 − 33.4 = 41.6 → 20.8 each.
    // 92.2 s: 4 arrives; targets 18.7. 1 and 3 changed 30 s ago (kept at 20.8); 2 (60 s) and 4 share
    //   75 − 41.6 = 33.4 → 16.7 each.
    // 122.2 s: 5 arrives; targets 15. 2 and 4 kept at 16.7; 1, 3 and 5 share 75 − 33.4 = 41.6 → 13.8 each.
    // 155.2 s (the first pass past 2 and 4's dwell): 75 − 3 × 13.8 = 33.6 for them → 16.8, 0.1 A
    //   from what they have: kept.
    // 185.2 s (past 1, 3 and 5's dwell): everyone may change; the targets, 15 A, are 1.2 A from
    //   13.8 and 1.7 A from 16.7 (beyond the dead band) → all five at 15 A, the fair share.
    // 302.2 s: 1 leaves (its 15 A taken off the 300 s reading with it); targets 75 / 4 = 18.7, every
    //   one out of its dwell → 2, 3, 4 and 5 at 18.7.
    // 332.2 s: 2 leaves; targets 25, but 3, 4 and 5 changed 30 s ago: kept.
    // 365.2 s (the first pass past their dwell, which ends at 362.2 s): 25 A each.
    const site = await Site.create(t, { breakerA: 100, building: () => 20, stations: 5, meterEveryS: 5, stationEveryS: 60 }, 'SET-D');
    for (let i = 0; i < 5; i++) site.add({ station: i + 1, arrive: 2 + 30 * i, leave: i < 2 ? 302 + 30 * i : undefined });
    await site.run(-60, 420);

    expect(site.profilesOf(1)).toEqual([
      [2.2, 33.4],
      [62.2, 20.8],
      [122.2, 13.8],
      [185.2, 15],
    ]);
    expect(site.profilesOf(2)).toEqual([
      [32.2, 33.4],
      [92.2, 16.7],
      [185.2, 15],
      [302.2, 18.7],
    ]);
    expect(site.profilesOf(3)).toEqual([
      [62.2, 20.8],
      [122.2, 13.8],
      [185.2, 15],
      [302.2, 18.7],
      [365.2, 25],
    ]);
    expect(site.profilesOf(4)).toEqual([
      [92.2, 16.7],
      [185.2, 15],
      [302.2, 18.7],
      [365.2, 25],
    ]);
    expect(site.profilesOf(5)).toEqual([
      [122.2, 13.8],
      [185.2, 15],
      [302.2, 18.7],
      [365.2, 25],
    ]);
    // No car changed twice within a dwell (60 s) unless a cut for safety was sent: none here.
    for (let i = 1; i <= 5; i++) {
      const times = site.profilesOf(i).map(([at]) => at);
      for (let k = 1; k < times.length; k++) expect(times[k]! - times[k - 1]!).toBeGreaterThanOrEqual(60);
    }
    // Never above the breaker less the margin, once the cars have had a second to follow.
    expect(site.highestTotal()).toBeLessThanOrEqual(95);
  });

  it('a step of +20 A in the building: the cut is sent within one period, and the raise once it is gone', async () => {
    // Breaker 63 A: one car at its 33.4 A rating (38 A free). At 200 s the building jumps 20 → 40 A:
    // the 200 s reading shows 73.4 A, the building figure rises to 73.4 − 33.4 = 40 A (above what it
    // was: proven) → 63 − 40 − 5 = 18 A at 200.2 s. At 400 s it is back to 20 A; the figure planned
    // on keeps the highest of the last 20 s (the 395 s reading's 40 A) until the 420 s reading →
    // 33.4 A at 420.2 s.
    const building = (s: number) => (s >= 200 && s < 400 ? 40 : 20);
    const site = await Site.create(t, { breakerA: 63, building, stations: 1, meterEveryS: 5, stationEveryS: 60 }, 'SET-E');
    site.add({ station: 1, arrive: 2 });
    await site.run(-60, 500);

    expect(site.profilesOf(1)).toEqual([
      [2.2, 33.4],
      [200.2, 18],
      [420.2, 33.4],
    ]);
    expect((await site.events('BREAKER_MARGIN_BREACHED')).length).toBe(1);
    // Above the breaker less the margin only while the car follows the cut: 200 s (73.4 A) and 201 s
    // (40 + 33.4 − 0.8 × 15.4 = 61.08 A); 40 + 18 = 58 A from 202 s.
    expect(site.totals.filter((x) => x.totalA > 58).map((x) => [x.t, x.totalA])).toEqual([
      [200, 73.4],
      [201, 61.08],
    ]);
  });

  it('idle chargers share what is free: the defaults they hold together never exceed it', async () => {
    // Breaker 63 A, building 45 A: 63 − 45 − 5 = 13 A free and no car. Each idle charger would hold
    // the guaranteed minimum, 6 A, as its default limit, but three cars plugged in at once would then
    // draw 18 A before their own limits: two chargers hold 6 A (12 ≤ 13), the third 0 A.
    const site = await Site.create(t, { breakerA: 63, building: () => 45, stations: 3, meterEveryS: 5, stationEveryS: 60 }, 'SET-G');
    await site.run(-60, 30);

    expect([...site.defaults.entries()].sort()).toEqual([
      ['SET-G-1', 6],
      ['SET-G-2', 6],
      ['SET-G-3', 0],
    ]);
  });

  it('a meter silent for 20 minutes, then a new session: the first limit keeps the building’s highest recent load under the breaker', async () => {
    // Breaker 63 A, two chargers. The building drew 45 A for a minute 5 minutes before the meter fell
    // silent (its peak of the last 24 h), 20 A otherwise. The meter stops at 0 s for 20 minutes; a car
    // arrives at 1202 s. Failsafe: the building is taken at 45 A (its 24 h peak, above its last 20 A),
    // 63 − 45 − 5 = 13 A for the car — not 63 ÷ 2 chargers = 31.5 A, and not the whole breaker.
    const building = (s: number) => (s >= -360 && s < -300 ? 45 : 20);
    const site = await Site.create(
      t,
      { breakerA: 63, building, stations: 2, meterEveryS: 5, stationEveryS: 60, meterSilent: { from: 1, forS: 1500 } },
      'SET-F',
    );
    site.add({ station: 1, arrive: 1202 });
    await site.run(-420, 1300);

    expect(site.profilesOf(1)).toEqual([[1202.2, 13]]);
    const failsafe = await site.events('FAILSAFE');
    expect(failsafe.map((e) => e.detail)).toEqual([
      // The reading at 0 s is out of the control window (15 s) at 15.2 s: stale, the meter still alive.
      { reason: 'METER_STALE', basis: 'PEAK_24H', breaker_a: 63, chargers: 2, building_a: 45, available_a: 13, min_per_charger_a: 6 },
    ]);
    expect(failsafe[0]!.at).toEqual(new Date(Date.UTC(2026, 11, 1, 15, 0, 15, 200)));
    expect((await site.events('METER_OFFLINE')).length).toBe(1);
    // 45 A assumed + 13 A = 58 A ≤ 63 − 5.
    expect(site.highestTotal(1202)).toBe(33);
    // With 13 A free, each idle station held the guaranteed minimum as its default limit; once the
    // car took those 13 A, nothing is free: the other station's default is 0 A (a car plugged in
    // there waits for its own limit rather than overload the breaker).
    expect([...site.defaults.entries()].sort()).toEqual([
      ['SET-F-1', 6],
      ['SET-F-2', 0],
    ]);
  });
});
