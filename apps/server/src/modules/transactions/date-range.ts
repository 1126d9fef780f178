import { TRANSACTION_MAX_RANGE_DAYS } from '@recarga/contracts/transactions';
import { addDays, resolveRange as resolveDateRange, type DateRange, type RangeRules, type Zone } from '../../platform/date-range';

/**
 * The transactions date range (001 §5, §9): whole local days or instants, default from the start
 * of the day two days ago to the end of today, under 365 days, never beyond today.
 */

export { localInstant, zoneOf, type DateRange, type Zone } from '../../platform/date-range';

const rules: RangeRules = {
  maxDays: TRANSACTION_MAX_RANGE_DAYS,
  fields: { from: 'fromDate', to: 'toDate' },
  messages: {
    invalid: 'Invalid date (use YYYY-MM-DD or an ISO date-time).',
    future: 'The date range may not go beyond today.',
    order: 'The end date must not be before the start date.',
    tooLong: 'The date range must be under 365 days.',
  },
  defaultFrom: (lastDay) => addDays(lastDay, -2),
  error: { message: 'Invalid date range' },
};

export function resolveRange(fromText: string | undefined, toText: string | undefined, zone: Zone, now = new Date()): DateRange {
  return resolveDateRange(fromText, toText, zone, rules, now);
}
