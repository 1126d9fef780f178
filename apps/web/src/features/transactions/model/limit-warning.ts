import { TRANSACTION_QUERY_CAP } from '@recarga/contracts/transactions';

/** The 3-second warning (001 §4) appears when the result reached the 10,000-row cap. */
export const LIMIT_WARNING_DELAY_MS = 3000;

export function isQueryLimited(result: { count: number; limited?: boolean } | undefined): boolean {
  if (!result) return false;
  return Boolean(result.limited) || result.count >= TRANSACTION_QUERY_CAP;
}
