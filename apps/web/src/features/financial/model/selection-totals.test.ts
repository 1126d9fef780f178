import { describe, expect, it } from 'vitest';
import { refreshSelection, selectionTotals, toggleSelection, type SelectableRow } from './selection-totals';

const row = (movementPk: number, paymentStatus: SelectableRow['paymentStatus'], amount: number, moneyCoin = 'BRL'): SelectableRow => ({
  movementPk,
  paymentStatus,
  paymentTransactionAmount: amount,
  moneyCoin,
});

describe('selection totals', () => {
  it('selectionTotals, when nothing is selected: zero rows and no currency', () => {
    expect(selectionTotals([])).toEqual({ count: 0, byCurrency: [] });
  });

  it('selectionTotals, when approved and pending rows are selected: completed counts approved, pending counts in_process, pending and rejected', () => {
    // 24,05 approved + 9,62 pending + 48,09 approved + 3,00 in process + 1,50 rejected + 10,00 refunded
    const totals = selectionTotals([
      row(1, 'approved', 2405),
      row(2, 'pending', 962),
      row(3, 'approved', 4809),
      row(4, 'in_process', 300),
      row(5, 'rejected', 150),
      row(6, 'refunded', 1000),
    ]);
    expect(totals).toEqual({
      count: 6,
      // 24,05 + 9,62 + 48,09 + 3,00 + 1,50 + 10,00 = 96,26
      byCurrency: [{ currency: 'BRL', total: 9626, completed: 7214, pending: 1412 }],
    });
  });

  it('selectionTotals, when a refunded, partly refunded, cancelled or charged-back row is selected: it counts in the total only', () => {
    const totals = selectionTotals([
      row(1, 'partial_refund', 500),
      row(2, 'cancelled', 700),
      row(3, 'charged_back', 100),
      row(4, 'refunded', 1),
    ]);
    expect(totals.byCurrency).toEqual([{ currency: 'BRL', total: 1301, completed: 0, pending: 0 }]);
  });

  it('selectionTotals, when the selection mixes currencies: one set of totals per currency, never added together', () => {
    const totals = selectionTotals([row(1, 'approved', 2405), row(2, 'approved', 135_000_00, 'COP'), row(3, 'pending', 1000)]);
    expect(totals.count).toBe(3);
    expect(totals.byCurrency).toEqual([
      { currency: 'BRL', total: 3405, completed: 2405, pending: 1000 },
      { currency: 'COP', total: 135_000_00, completed: 135_000_00, pending: 0 },
    ]);
  });

  it('toggleSelection, when rows are ticked and unticked: adds and removes by movement, keeping the others', () => {
    const a = row(1, 'approved', 100);
    const b = row(2, 'pending', 200);
    let selection = toggleSelection(new Map(), a, true);
    selection = toggleSelection(selection, b, true);
    expect([...selection.keys()]).toEqual([1, 2]);
    selection = toggleSelection(selection, a, false);
    expect([...selection.keys()]).toEqual([2]);
  });

  it('refreshSelection, when a selected row comes back with a new status: the fresh copy replaces it; unchanged selection is kept as is', () => {
    const a = row(1, 'approved', 100);
    const current = new Map([[1, a]]);
    expect(refreshSelection(current, [row(9, 'pending', 5)])).toBe(current);
    const refunded = row(1, 'refunded', 100);
    expect(refreshSelection(current, [refunded]).get(1)).toBe(refunded);
  });
});
