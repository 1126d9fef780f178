import { FINANCIAL_MAX_RANGE_DAYS, financialMessages } from '@recarga/contracts/financial';
import { resolveRange, zoneOf as requestZone, type DateRange, type RangeRules, type Zone } from '../../platform/date-range';

/**
 * The financial period (000 §2, §5, §9): whole local days, local date-times or instants; default
 * the first of the current month to today; at most 365 days; never beyond today. Errors are 400
 * VALIDATION with fields.startDate / fields.endDate.
 */

export type Period = DateRange;

const rules: RangeRules = {
  maxDays: FINANCIAL_MAX_RANGE_DAYS,
  fields: { from: 'startDate', to: 'endDate' },
  messages: {
    invalid: financialMessages.rangeInvalid,
    future: financialMessages.rangeFuture,
    order: financialMessages.rangeOrder,
    tooLong: financialMessages.rangeTooLong,
  },
  // The first of the last day's month (default: of the current month).
  defaultFrom: ([y, m]) => [y, m, 1],
  error: { message: 'Invalid period', code: 'VALIDATION' },
};

export function zoneOf(timeZone: string | undefined, offsetHeader: string | string[] | undefined): Zone {
  return requestZone(timeZone, offsetHeader, 'VALIDATION');
}

export function resolvePeriod(startText: string | undefined, endText: string | undefined, zone: Zone, now = new Date()): Period {
  return resolveRange(startText, endText, zone, rules, now);
}
