import { completedStatuses, pendingStatuses } from '@recarga/contracts/financial-constants';
import type { FinancialTransaction } from '@recarga/contracts/financial';

/** What the selection footer needs of a row. */
export type SelectableRow = Pick<FinancialTransaction, 'movementPk' | 'paymentStatus' | 'paymentTransactionAmount' | 'moneyCoin'>;

export interface CurrencyTotals {
  currency: string;
  /** Minor units: every selected movement's amount. */
  total: number;
  /** Minor units: the approved ones (000 §2 "completed"). */
  completed: number;
  /** Minor units: in process, pending or rejected (000 §2 "pending"). */
  pending: number;
}

export interface SelectionTotals {
  count: number;
  /** One entry per currency of the selection, the first selected row's currency first. */
  byCurrency: CurrencyTotals[];
}

const completed = new Set<string>(completedStatuses);
const pending = new Set<string>(pendingStatuses);

/**
 * The sticky footer's figures (000 §2): selected count, total value, completed total (approved)
 * and pending total (in_process, pending, rejected). Amounts of different currencies are never
 * added together: an administrator's selection may mix BRL and COP.
 */
export function selectionTotals(rows: Iterable<SelectableRow>): SelectionTotals {
  const byCurrency = new Map<string, CurrencyTotals>();
  let count = 0;
  for (const row of rows) {
    count += 1;
    let totals = byCurrency.get(row.moneyCoin);
    if (!totals) {
      totals = { currency: row.moneyCoin, total: 0, completed: 0, pending: 0 };
      byCurrency.set(row.moneyCoin, totals);
    }
    totals.total += row.paymentTransactionAmount;
    if (completed.has(row.paymentStatus)) totals.completed += row.paymentTransactionAmount;
    else if (pending.has(row.paymentStatus)) totals.pending += row.paymentTransactionAmount;
  }
  return { count, byCurrency: [...byCurrency.values()] };
}

/** The selection after a checkbox change: rows of other pages stay selected, a row keeps its freshest copy. */
export function toggleSelection<R extends SelectableRow>(current: ReadonlyMap<number, R>, row: R, selected: boolean): Map<number, R> {
  const next = new Map(current);
  if (selected) next.set(row.movementPk, row);
  else next.delete(row.movementPk);
  return next;
}

/** The selection with the rows of a fresh page put in place of their older copies (after a refund, a status changes). */
export function refreshSelection<R extends SelectableRow>(current: ReadonlyMap<number, R>, fresh: readonly R[]): Map<number, R> {
  let next: Map<number, R> | null = null;
  for (const row of fresh) {
    const old = current.get(row.movementPk);
    if (old && old !== row) {
      next ??= new Map(current);
      next.set(row.movementPk, row);
    }
  }
  return next ?? (current as Map<number, R>);
}
