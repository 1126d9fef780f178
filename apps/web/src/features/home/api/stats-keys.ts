import type { StatsPeriodParams } from '../utils/stats-period';

/** Query keys of the dashboard's stats calls; the live `stats` topic refreshes them by prefix. */
export const statsKeys = {
  all: ['stats'] as const,
  sums: (p: StatsPeriodParams) => ['stats', 'sums', p] as const,
  info: (p: StatsPeriodParams) => ['stats', 'info', p] as const,
};
