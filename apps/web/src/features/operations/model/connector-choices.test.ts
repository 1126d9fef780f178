import { describe, expect, it } from 'vitest';
import { connectorChoices } from './connector-choices';

const options = { chargePointSelectList: [], connectorIds: { A: [1, 2], B: [2, 3], C: [0, 1] } };

describe('connectorChoices', () => {
  it('two stations chosen, with 0 allowed: 0 first, then their connectors once each, in order', () => {
    expect(connectorChoices(options, ['B', 'A'], 'station')).toEqual([
      { value: 0, label: 'station' },
      { value: 1, label: '1' },
      { value: 2, label: '2' },
      { value: 3, label: '3' },
    ]);
  });

  it('a station that lists connector 0 itself, when 0 is not allowed: 0 is not offered', () => {
    expect(connectorChoices(options, ['C'], null)).toEqual([{ value: 1, label: '1' }]);
  });

  it('no station chosen: nothing to offer, not even 0', () => {
    expect(connectorChoices(options, [], 'station')).toEqual([]);
  });
});
