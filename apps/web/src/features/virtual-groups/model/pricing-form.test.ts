import { describe, expect, it } from 'vitest';
import {
  emptyPricing,
  missingProfiles,
  pricingFieldErrors,
  pricingFromSaved,
  pricingPayload,
  shownConnectorFields,
  withEnabled,
  withMode,
  type PricingFormValues,
} from './pricing-form';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

const perConnector: PricingFormValues = {
  enabled: true,
  type: 'connectors',
  connector1_dynamic_pricing_id: A,
  connector2_dynamic_pricing_id: B,
  connector3_dynamic_pricing_id: A,
};

describe('group pricing form', () => {
  it('saved values, when the three ids are equal: loads per station', () => {
    expect(
      pricingFromSaved({
        enabled: true,
        connector1_dynamic_pricing_id: A,
        connector2_dynamic_pricing_id: A,
        connector3_dynamic_pricing_id: A,
      }).type,
    ).toBe('station');
  });

  it('saved values, when the ids differ: loads per connector with each id', () => {
    expect(
      pricingFromSaved({
        enabled: true,
        connector1_dynamic_pricing_id: A,
        connector2_dynamic_pricing_id: B,
        connector3_dynamic_pricing_id: A,
      }),
    ).toEqual(perConnector);
  });

  it('saved values, when pricing is off with no profiles: loads off, per station', () => {
    expect(
      pricingFromSaved({
        enabled: false,
        connector1_dynamic_pricing_id: null,
        connector2_dynamic_pricing_id: null,
        connector3_dynamic_pricing_id: null,
      }),
    ).toEqual(emptyPricing());
  });

  it('switching the mode: clears the three profiles', () => {
    expect(withMode(perConnector, 'station')).toEqual({
      enabled: true,
      type: 'station',
      connector1_dynamic_pricing_id: null,
      connector2_dynamic_pricing_id: null,
      connector3_dynamic_pricing_id: null,
    });
  });

  it('switching pricing on, when it was off per connector: resets the mode to station', () => {
    expect(withEnabled({ ...perConnector, enabled: false }, true)).toMatchObject({ enabled: true, type: 'station' });
  });

  it('switching pricing off: keeps the mode and leaves the rest', () => {
    expect(withEnabled(perConnector, false)).toEqual({ ...perConnector, enabled: false });
  });

  it('required profiles: connector 1 per station, all three per connector, none when off', () => {
    expect(shownConnectorFields({ enabled: true, type: 'station' })).toEqual(['connector1_dynamic_pricing_id']);
    expect(shownConnectorFields({ enabled: true, type: 'connectors' })).toHaveLength(3);
    expect(shownConnectorFields({ enabled: false, type: 'connectors' })).toEqual([]);
    expect(missingProfiles({ ...perConnector, connector2_dynamic_pricing_id: null })).toEqual(['connector2_dynamic_pricing_id']);
  });

  it('payload per station: sends the one profile on the three connectors', () => {
    expect(pricingPayload({ ...emptyPricing(), enabled: true, connector1_dynamic_pricing_id: B })).toEqual({
      enabled: true,
      connector1_dynamic_pricing_id: B,
      connector2_dynamic_pricing_id: B,
      connector3_dynamic_pricing_id: B,
    });
  });

  it('payload per connector: sends each connector’s profile', () => {
    expect(pricingPayload(perConnector)).toEqual({
      enabled: true,
      connector1_dynamic_pricing_id: A,
      connector2_dynamic_pricing_id: B,
      connector3_dynamic_pricing_id: A,
    });
  });

  it('payload with pricing off: sends no profile', () => {
    expect(pricingPayload({ ...perConnector, enabled: false })).toEqual({
      enabled: false,
      connector1_dynamic_pricing_id: null,
      connector2_dynamic_pricing_id: null,
      connector3_dynamic_pricing_id: null,
    });
  });

  it('server field errors per station: land on the one select', () => {
    expect(pricingFieldErrors('station', { connector3_dynamic_pricing_id: 'x' })).toEqual([
      { field: 'connector1_dynamic_pricing_id', text: 'x' },
    ]);
    expect(pricingFieldErrors('connectors', { connector3_dynamic_pricing_id: 'x' })).toEqual([
      { field: 'connector3_dynamic_pricing_id', text: 'x' },
    ]);
  });
});
