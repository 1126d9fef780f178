import { describe, expect, it } from 'vitest';
import type { Notification } from '@recarga/contracts/notifications';
import { liveEventIntoList } from './live-event-into-list';

const event = (chargeBoxId: string, minute: number): Notification =>
  ({
    chargeBoxId,
    chargeBoxName: chargeBoxId,
    connectorId: 1,
    type: 'Failure',
    notificationTimestampDT: `2026-06-16T12:${String(minute).padStart(2, '0')}:00.000Z`,
  }) as Notification;

describe('a live event into a cached event list', () => {
  it('the alerts list of 1000 rows, full: the event goes first and the list keeps 1000 rows', () => {
    const list = Array.from({ length: 1000 }, (_, i) => event('A', i % 60));
    const out = liveEventIntoList(list, event('B', 1), { limit: 1000 })!;
    expect(out).toHaveLength(1000);
    expect(out[0]!.chargeBoxId).toBe('B');
  });

  it('the header list of 100 rows, full: the event goes first and the oldest row leaves', () => {
    const list = Array.from({ length: 100 }, (_, i) => event('A', i % 60));
    const out = liveEventIntoList(list, event('B', 1), { limit: 100 })!;
    expect(out).toHaveLength(100);
    expect(out[99]).toBe(list[98]);
  });

  it("a station card's list of its own stations: another station's event stays out", () => {
    const list = [event('A', 1)];
    expect(liveEventIntoList(list, event('B', 2), { chargeBoxIds: 'A,C', limit: 100 })).toBe(list);
    expect(liveEventIntoList(list, event('C', 2), { chargeBoxIds: 'A,C', limit: 100 })).toHaveLength(2);
  });

  it('an event already in the list: the list is left as it is', () => {
    const list = [event('A', 1)];
    expect(liveEventIntoList(list, event('A', 1), { limit: 100 })).toBe(list);
  });
});
