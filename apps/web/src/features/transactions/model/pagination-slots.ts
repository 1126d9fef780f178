/** One slot of the pager: a page number or an ellipsis standing for the pages it hides. */
type PaginationSlot = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The pager of the transaction list (001 §2, §9): up to 7 slots — first page, last page, the
 * current page with one sibling on each side, and an ellipsis where pages are left out.
 *   paginationSlots(1, 20)  → [1, 2, 3, 4, 5, '…', 20]
 *   paginationSlots(10, 20) → [1, '…', 9, 10, 11, '…', 20]
 */
export function paginationSlots(current: number, totalPages: number, siblings = 1): PaginationSlot[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  // first + last + current + siblings + two ellipses
  const maxSlots = 2 * siblings + 5;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= maxSlots) return range(1, total);

  const left = Math.max(page - siblings, 1);
  const right = Math.min(page + siblings, total);
  const leftGap = left > 3;
  const rightGap = right < total - 2;
  const edgeCount = 3 + 2 * siblings;

  if (!leftGap && rightGap) return [...range(1, edgeCount), 'end-ellipsis', total];
  if (leftGap && !rightGap) return [1, 'start-ellipsis', ...range(total - edgeCount + 1, total)];
  return [1, 'start-ellipsis', ...range(left, right), 'end-ellipsis', total];
}
