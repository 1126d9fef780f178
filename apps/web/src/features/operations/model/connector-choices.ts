import type { OperationOptions } from '@recarga/contracts/operations';

/**
 * The connector choices of the selected stations (the union of their connector ids, in order),
 * headed by 0 — the whole station — where the command allows it.
 */
export function connectorChoices(options: OperationOptions | undefined, selected: string[], zeroLabel: string | null) {
  const ids = new Set<number>();
  for (const id of selected) for (const c of options?.connectorIds?.[id] ?? []) if (c > 0) ids.add(c);
  const list = [...ids].sort((a, b) => a - b).map((c) => ({ value: c, label: String(c) }));
  return zeroLabel === null || selected.length === 0 ? list : [{ value: 0, label: zeroLabel }, ...list];
}
