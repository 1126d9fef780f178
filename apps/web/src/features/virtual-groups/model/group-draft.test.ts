import { describe, expect, it } from 'vitest';
import { createPayload, emptyDraft, isDraftTouched, readDraft, readPickerState, type VirtualGroupDraft } from './group-draft';

const P = '11111111-1111-4111-8111-111111111111';

const draft: VirtualGroupDraft = {
  name: '  Centro ',
  description: 'Estações do centro ',
  tenant_id: 3,
  charge_boxs: [
    { charge_box_id: 7, charge_box_code: 'MOVE-SP-001', description: 'Paulista' },
    { charge_box_id: 9, charge_box_code: 'MOVE-SP-002', description: null },
  ],
  dynamic_pricing: {
    enabled: true,
    type: 'station',
    connector1_dynamic_pricing_id: P,
    connector2_dynamic_pricing_id: null,
    connector3_dynamic_pricing_id: null,
  },
};

describe('virtual group draft', () => {
  it('create payload: trims the texts, sends the charger keys and the profile on three connectors', () => {
    expect(createPayload(draft)).toEqual({
      name: 'Centro',
      description: 'Estações do centro',
      tenant_id: 3,
      charge_boxs: [7, 9],
      dynamic_pricing: {
        enabled: true,
        connector1_dynamic_pricing_id: P,
        connector2_dynamic_pricing_id: P,
        connector3_dynamic_pricing_id: P,
      },
    });
  });

  it('a draft in navigation state, when read back: is the same draft', () => {
    expect(readDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('a draft of another shape: reads what it can, empty for the rest, chargers without repeats', () => {
    expect(
      readDraft({ name: 5, charge_boxs: [{ charge_box_id: 1, charge_box_code: 'A' }, { charge_box_id: 1, charge_box_code: 'A' }, 'x'] }),
    ).toEqual({ ...emptyDraft(undefined), charge_boxs: [{ charge_box_id: 1, charge_box_code: 'A', description: null }] });
    expect(readDraft(null)).toBeNull();
  });

  it('picker state: needs a draft and an origin inside the virtual-group screens', () => {
    expect(readPickerState({ draft, origin: '/virtual-groups/create' })?.origin).toBe('/virtual-groups/create');
    expect(readPickerState({ draft, origin: 'https://elsewhere.example' })).toBeNull();
    expect(readPickerState({ origin: '/virtual-groups/create' })).toBeNull();
    expect(readPickerState(undefined)).toBeNull();
  });

  it('touched: false for a new draft, true once it has a name, a charger or pricing', () => {
    expect(isDraftTouched(emptyDraft(1))).toBe(false);
    expect(isDraftTouched({ ...emptyDraft(1), name: 'x' })).toBe(true);
    expect(isDraftTouched({ ...emptyDraft(1), charge_boxs: draft.charge_boxs })).toBe(true);
  });
});
