import { describe, expect, it } from 'vitest';
import type { OperationOptions } from '@recarga/contracts/operations';
import { rememberChosen, transferRows, withChosen } from './chosen-stations';

const row = (chargeBoxId: string, online = false) => ({
  chargeBoxId,
  chargeBoxDescription: `Station ${chargeBoxId}`,
  hasPayment: false,
  online,
});

/** The answer to a search for 'a': stations A1 and A2, with connectors and one running recharge on A2. */
const searchA: OperationOptions = {
  chargePointSelectList: [row('A1', true), row('A2')],
  count: 2,
  connectorIds: { A1: [1, 2], A2: [1] },
  transactionIds: { A2: [77] },
};
/** The answer to a search for 'b' that does not list A2 (the chosen ids were not all sent). */
const searchB: OperationOptions = {
  chargePointSelectList: [row('B1')],
  count: 1,
  connectorIds: { B1: [1, 2, 3] },
  transactionIds: {},
};

describe('chosen stations', () => {
  it('a station chosen from one search, then another search: its row stays on the chosen side', () => {
    const chosen = rememberChosen({}, ['A2'], searchA);

    expect(transferRows(searchB, ['A2'], chosen).map((s) => s.chargeBoxId)).toEqual(['B1', 'A2']);
  });

  it('a station chosen from one search, then another search: the form still reads its connectors and recharges', () => {
    const chosen = rememberChosen({}, ['A2'], searchA);

    const merged = withChosen(searchB, ['A2', 'B1'], chosen);

    expect(merged?.connectorIds).toEqual({ B1: [1, 2, 3], A2: [1] });
    expect(merged?.transactionIds).toEqual({ A2: [77] });
  });

  it('a chosen station the answer lists: the answer wins, even when its map no longer has it', () => {
    const chosen = rememberChosen({}, ['A2'], searchA);
    const fresh: OperationOptions = { chargePointSelectList: [row('A2')], count: 1, connectorIds: { A2: [1] }, transactionIds: {} };

    expect(withChosen(fresh, ['A2'], chosen)?.transactionIds).toEqual({});
  });

  it('a station removed from the choice: forgotten', () => {
    const chosen = rememberChosen(rememberChosen({}, ['A1', 'A2'], searchA), ['A1'], searchB);

    expect(Object.keys(chosen)).toEqual(['A1']);
    expect(chosen.A1?.connectorIds).toEqual([1, 2]);
  });
});
