import { describe, expect, it } from 'vitest';
import { heldChargers, missingChargers } from './held-chargers';

describe('held chargers (409 on create or add)', () => {
  it('one charger: names it and its group', () => {
    expect(heldChargers('This charger already belongs to another configuration: VG-03 (Primeiro)')).toEqual([
      { charger: 'VG-03', group: 'Primeiro' },
    ]);
  });

  it('two chargers, a group name with a comma and parentheses: reads each item whole', () => {
    expect(heldChargers('This charger already belongs to another configuration: MOVE-SP-001 (Centro, lado A), SOL-1 (Sul (novo))')).toEqual(
      [
        { charger: 'MOVE-SP-001', group: 'Centro, lado A' },
        { charger: 'SOL-1', group: 'Sul (novo)' },
      ],
    );
  });

  it('the text without a list (taken meanwhile): an empty list', () => {
    expect(heldChargers('This charger already belongs to another configuration:')).toEqual([]);
  });

  it('another text: null', () => {
    expect(heldChargers('Something else')).toBeNull();
    expect(heldChargers(undefined)).toBeNull();
  });

  it('chargers not found: lists their keys', () => {
    expect(missingChargers('Charger not found in your networks: 12, 15')).toEqual(['12', '15']);
    expect(missingChargers('x')).toBeNull();
  });
});
