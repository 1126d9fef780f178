import { describe, expect, it } from 'vitest';
import { measureIdle } from './idle';

const T0 = Date.parse('2026-03-01T10:00:00Z');
const at = (min: number) => new Date(T0 + min * 60_000);
const base = { start: at(0), stop: at(60), powerIdleSince: null, nextStart: null, now: at(200) };

describe('idle time of a recharge', () => {
  it('from the first SuspendedEV after the last Charging until Available', () => {
    const m = measureIdle({
      ...base,
      statuses: [
        { status: 'Preparing', at: at(0) },
        { status: 'Charging', at: at(1) },
        { status: 'SuspendedEV', at: at(40) },
        { status: 'Finishing', at: at(60) },
        { status: 'Available', at: at(75) },
      ],
    });
    expect(m).toMatchObject({ final: true, seconds: 35 * 60, idleStart: at(40), idleEnd: at(75) });
  });

  it('a vehicle that resumed charging after a pause is idle only after its last charge', () => {
    const m = measureIdle({
      ...base,
      statuses: [
        { status: 'Charging', at: at(1) },
        { status: 'SuspendedEV', at: at(20) },
        { status: 'Charging', at: at(25) },
        { status: 'Finishing', at: at(60) },
        { status: 'Available', at: at(61) },
      ],
    });
    expect(m).toMatchObject({ seconds: 60, idleStart: at(60) });
  });

  it('power samples at 0 W start the idle time earlier than a station that keeps reporting Charging', () => {
    const m = measureIdle({
      ...base,
      powerIdleSince: at(50),
      statuses: [
        { status: 'Charging', at: at(1) },
        { status: 'Available', at: at(65) },
      ],
    });
    expect(m).toMatchObject({ seconds: 15 * 60, idleStart: at(50) });
  });

  it('still occupied: not final; no release a day after the stop: final with the time before the stop only', () => {
    const statuses = [
      { status: 'Charging', at: at(1) },
      { status: 'SuspendedEV', at: at(50) },
      { status: 'Finishing', at: at(60) },
    ];
    expect(measureIdle({ ...base, statuses })).toMatchObject({ final: false, seconds: 0 });
    expect(measureIdle({ ...base, statuses, now: at(60 + 25 * 60) })).toMatchObject({ final: true, seconds: 10 * 60 });
  });

  it('the next recharge on the connector ends the idle time; Available at the stop means no idle', () => {
    expect(measureIdle({ ...base, statuses: [{ status: 'Finishing', at: at(60) }], nextStart: at(90) })).toMatchObject({
      final: true,
      seconds: 30 * 60,
    });
    expect(
      measureIdle({
        ...base,
        statuses: [
          { status: 'Charging', at: at(1) },
          { status: 'Available', at: at(60) },
        ],
      }),
    ).toMatchObject({ final: true, seconds: 0 });
  });
});
