/** Server-side sorting of the transaction list: the header cycles desc → asc → none. */
export type SortOrder = 'descend' | 'ascend' | null;

export interface ColumnSort {
  /** The server's sort key (e.g. `startTimestamp`). */
  key: string;
  order: Exclude<SortOrder, null>;
}

/** The next state of a sort header when it is clicked. */
export function nextSortOrder(current: SortOrder): SortOrder {
  if (current === null) return 'descend';
  if (current === 'descend') return 'ascend';
  return null;
}

/** `headerOrderList`: `key:direction` pairs joined by ';' (`startTimestamp:desc;id:asc`); undefined when unsorted. */
export function buildHeaderOrderList(sorts: readonly ColumnSort[]): string | undefined {
  const pairs = sorts.map((s) => `${s.key}:${s.order === 'descend' ? 'desc' : 'asc'}`);
  return pairs.length ? pairs.join(';') : undefined;
}
