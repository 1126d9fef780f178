import type { Dayjs } from 'dayjs';
import { MAX_RESERVATION_HOURS } from '@recarga/contracts/operation-commands';

/** What the expiry field shows first: an hour from now, on the minute. */
export function defaultExpiry(now: Dayjs): Dayjs {
  return now.add(1, 'hour').second(0).millisecond(0);
}

/** The latest expiry the server takes (MAX_RESERVATION_HOURS ahead). */
export function latestExpiry(now: Dayjs): Dayjs {
  return now.add(MAX_RESERVATION_HOURS, 'hour');
}

/** Why an expiry cannot be sent: in the past (or now), or further ahead than the server takes; null when it can. */
export function expiryProblem(expiry: Dayjs, now: Dayjs): 'past' | 'tooFar' | null {
  if (!expiry.isAfter(now)) return 'past';
  if (expiry.isAfter(latestExpiry(now))) return 'tooFar';
  return null;
}

/** The days the picker greys out: before today and after the last day of the window. */
export function isExpiryDayDisabled(day: Dayjs, now: Dayjs): boolean {
  return day.endOf('day').isBefore(now) || day.startOf('day').isAfter(latestExpiry(now));
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/**
 * The hours and minutes the picker greys out on the first and the last day of the window: before
 * the next minute today, after the limit on the last day.
 */
export function disabledExpiryTime(day: Dayjs | null, now: Dayjs) {
  const last = latestExpiry(now);
  const first = now.add(1, 'minute');
  return {
    disabledHours: () => {
      if (!day) return [];
      const hours: number[] = [];
      if (day.isSame(first, 'day')) hours.push(...range(0, first.hour()));
      if (day.isSame(last, 'day')) hours.push(...range(last.hour() + 1, 24));
      return hours;
    },
    disabledMinutes: (hour: number) => {
      if (!day) return [];
      const minutes: number[] = [];
      if (day.isSame(first, 'day') && hour === first.hour()) minutes.push(...range(0, first.minute()));
      if (day.isSame(last, 'day') && hour === last.hour()) minutes.push(...range(last.minute() + 1, 60));
      return minutes;
    },
  };
}
