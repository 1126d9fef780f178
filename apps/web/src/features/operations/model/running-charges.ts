import type { OperationOptions, RunningTransaction } from '@recarga/contracts/operations';

/** A running recharge the remote stop offers, with its station. */
export interface RunningCharge extends RunningTransaction {
  chargeBoxId: string;
}

/** The chosen stations' running recharges, station by station in the order chosen, then by connector. */
export function runningCharges(options: OperationOptions | undefined, selected: string[]): RunningCharge[] {
  return selected.flatMap((chargeBoxId) =>
    (options?.runningTransactions?.[chargeBoxId] ?? []).map((r) => ({ ...r, chargeBoxId })).sort((a, b) => a.connectorId - b.connectorId),
  );
}
