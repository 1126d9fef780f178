import type { OperationOptions } from '@recarga/contracts/operations';

type StationOption = OperationOptions['chargePointSelectList'][number];

/** A chosen station as last answered: its row and its per-station data. */
export interface ChosenStation {
  station: StationOption;
  connectorIds?: number[];
  transactionIds?: number[];
  runningTransactions?: NonNullable<OperationOptions['runningTransactions']>[string];
  reservations?: NonNullable<OperationOptions['reservations']>[string];
  localLists?: NonNullable<OperationOptions['localLists']>[string];
}

const answered = (options: OperationOptions | undefined) => new Set((options?.chargePointSelectList ?? []).map((s) => s.chargeBoxId));

/**
 * The chosen stations after a change of the choice: each keeps what was known of it, and a newly
 * chosen one is taken from the answer that listed it (the server answers per-station data only for
 * the stations it lists, and a later search may no longer list it).
 */
export function rememberChosen(
  previous: Record<string, ChosenStation>,
  ids: string[],
  options: OperationOptions | undefined,
): Record<string, ChosenStation> {
  const rows = new Map((options?.chargePointSelectList ?? []).map((s) => [s.chargeBoxId, s]));
  const next: Record<string, ChosenStation> = {};
  for (const id of ids) {
    const row = rows.get(id);
    if (row) {
      next[id] = {
        station: row,
        connectorIds: options?.connectorIds?.[id],
        transactionIds: options?.transactionIds?.[id],
        runningTransactions: options?.runningTransactions?.[id],
        reservations: options?.reservations?.[id],
        localLists: options?.localLists?.[id],
      };
    } else if (previous[id]) {
      next[id] = previous[id];
    }
  }
  return next;
}

/**
 * The rows of the transfer: the answer's stations, then the chosen ones it did not list (so the
 * chosen side keeps its labels whatever the current search).
 */
export function transferRows(options: OperationOptions | undefined, selected: string[], chosen: Record<string, ChosenStation>) {
  const listed = answered(options);
  const extra = selected.filter((id) => !listed.has(id) && chosen[id]).map((id) => chosen[id]!.station);
  return [...(options?.chargePointSelectList ?? []), ...extra];
}

/**
 * The option data the command form reads: the answer, with the per-station data of chosen stations
 * it did not list taken from what was remembered of them. A station the answer lists keeps the
 * answer's data (absent from a map there means it has none).
 */
export function withChosen(
  options: OperationOptions | undefined,
  selected: string[],
  chosen: Record<string, ChosenStation>,
): OperationOptions | undefined {
  if (!options) return options;
  const listed = answered(options);
  const missing = selected.filter((id) => !listed.has(id) && chosen[id]);
  if (missing.length === 0) return options;
  const merged: OperationOptions = { ...options };
  const fill = <K extends 'connectorIds' | 'transactionIds' | 'runningTransactions' | 'reservations' | 'localLists'>(key: K) => {
    if (!options[key]) return;
    const map = { ...options[key] } as Record<string, unknown>;
    for (const id of missing) if (chosen[id]![key] !== undefined) map[id] = chosen[id]![key];
    merged[key] = map as OperationOptions[K];
  };
  fill('connectorIds');
  fill('transactionIds');
  fill('runningTransactions');
  fill('reservations');
  fill('localLists');
  return merged;
}
