import { describe, expect, it } from 'vitest';
import type { OperationOptions } from '@recarga/contracts/operations';
import { runningCharges } from './running-charges';

const charge = (transactionId: number, connectorId: number) => ({
  transactionId,
  connectorId,
  idTag: `TAG-${transactionId}`,
  userName: null,
  startTimestamp: '2026-11-29T14:05:00.000Z',
});

const options: OperationOptions = {
  chargePointSelectList: [],
  runningTransactions: { A: [charge(42, 2), charge(40, 1)], B: [charge(23, 1)], C: [charge(7, 1)] },
};

describe('runningCharges', () => {
  it('lists the chosen stations’ recharges only, each with its station, by station chosen then connector', () => {
    expect(runningCharges(options, ['B', 'A']).map((r) => [r.chargeBoxId, r.connectorId, r.transactionId])).toEqual([
      ['B', 1, 23],
      ['A', 1, 40],
      ['A', 2, 42],
    ]);
  });

  it('nothing chosen, or no data yet: no recharge', () => {
    expect(runningCharges(options, [])).toEqual([]);
    expect(runningCharges(undefined, ['A'])).toEqual([]);
  });
});
