import dayjs from 'dayjs';

/** How the power chart's time axis is labelled: ticks never closer than `minInterval`, each label precise to it. */
export interface TimeTicks {
  /** Milliseconds: ECharts' `minInterval` of the time axis. */
  minInterval: number;
  /** The label of a tick (local time). */
  format: (ms: number) => string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Labels that never repeat: a time axis left to itself puts ticks every 30 s (or 10 s) on a short
 * recharge, and 'HH:mm' then reads 14:05, 14:05, 14:06, 14:06. The label's precision follows the
 * smallest step the axis may take: seconds for a recharge under 5 minutes, minutes up to a day and
 * a half, and the day with the hour beyond (the same hour on two days).
 */
export function timeTicks(spanMs: number): TimeTicks {
  if (spanMs < 5 * MINUTE) return { minInterval: 15_000, format: (ms) => dayjs(ms).format('HH:mm:ss') };
  if (spanMs < 36 * HOUR) return { minInterval: MINUTE, format: (ms) => dayjs(ms).format('HH:mm') };
  return { minInterval: HOUR, format: (ms) => dayjs(ms).format('DD/MM HH:mm') };
}
