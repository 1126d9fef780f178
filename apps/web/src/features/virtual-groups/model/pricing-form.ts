import type { GroupPricing } from '@recarga/contracts/virtual-groups';

/**
 * A group's pricing setting as its form holds it (002 §3 form draft, §4 Virtual group pricing):
 * on or off; per station (one profile for the three connectors) or per connector (three).
 */
export type PricingMode = 'station' | 'connectors';

export const connectorFields = ['connector1_dynamic_pricing_id', 'connector2_dynamic_pricing_id', 'connector3_dynamic_pricing_id'] as const;
export type ConnectorField = (typeof connectorFields)[number];

export interface PricingFormValues {
  enabled: boolean;
  type: PricingMode;
  connector1_dynamic_pricing_id: string | null;
  connector2_dynamic_pricing_id: string | null;
  connector3_dynamic_pricing_id: string | null;
}

const noProfiles = {
  connector1_dynamic_pricing_id: null,
  connector2_dynamic_pricing_id: null,
  connector3_dynamic_pricing_id: null,
} as const;

/** A new form: pricing off, per station (the default type). */
export function emptyPricing(): PricingFormValues {
  return { enabled: false, type: 'station', ...noProfiles };
}

/** Saved values: per station when the three profile ids are equal, otherwise per connector (002 §4). */
export function pricingFromSaved(saved: Pick<GroupPricing, 'enabled' | ConnectorField>): PricingFormValues {
  const [c1, c2, c3] = connectorFields.map((f) => saved[f] ?? null);
  return {
    enabled: saved.enabled,
    type: c1 === c2 && c2 === c3 ? 'station' : 'connectors',
    connector1_dynamic_pricing_id: c1 ?? null,
    connector2_dynamic_pricing_id: c2 ?? null,
    connector3_dynamic_pricing_id: c3 ?? null,
  };
}

/** Switching the mode clears the chosen profiles (their errors are cleared with them, 002 §4). */
export function withMode(values: PricingFormValues, type: PricingMode): PricingFormValues {
  return { ...values, type, ...noProfiles };
}

/** Switching pricing on starts again per station, with no profile chosen (002 §4). */
export function withEnabled(values: PricingFormValues, enabled: boolean): PricingFormValues {
  return enabled && !values.enabled ? { enabled, type: 'station', ...noProfiles } : { ...values, enabled };
}

/** The profile fields the form shows and requires: connector 1 per station, all three per connector, none when off. */
export function shownConnectorFields(values: Pick<PricingFormValues, 'enabled' | 'type'>): readonly ConnectorField[] {
  if (!values.enabled) return [];
  return values.type === 'station' ? connectorFields.slice(0, 1) : connectorFields;
}

/** The fields left empty that the setting requires (002 §5 'Selecione um perfil de precificação'). */
export function missingProfiles(values: PricingFormValues): ConnectorField[] {
  return shownConnectorFields(values).filter((f) => !values[f]);
}

/** What the gateway takes: per station the one profile on all three connectors; off sends no profile. */
export function pricingPayload(values: PricingFormValues): GroupPricing {
  if (!values.enabled) return { enabled: false, ...noProfiles };
  if (values.type === 'station') {
    const one = values.connector1_dynamic_pricing_id || null;
    return { enabled: true, connector1_dynamic_pricing_id: one, connector2_dynamic_pricing_id: one, connector3_dynamic_pricing_id: one };
  }
  return {
    enabled: true,
    connector1_dynamic_pricing_id: values.connector1_dynamic_pricing_id || null,
    connector2_dynamic_pricing_id: values.connector2_dynamic_pricing_id || null,
    connector3_dynamic_pricing_id: values.connector3_dynamic_pricing_id || null,
  };
}

/**
 * The server's field errors placed on the fields the form shows: per station the one select stands
 * for the three connectors, so an error on connector 2 or 3 lands on it.
 */
export function pricingFieldErrors(
  mode: PricingMode,
  fields: Record<string, string> | undefined,
): { field: ConnectorField; text: string }[] {
  const out = new Map<ConnectorField, string>();
  for (const field of connectorFields) {
    const text = fields?.[field];
    if (!text) continue;
    const target = mode === 'station' ? connectorFields[0] : field;
    if (!out.has(target)) out.set(target, text);
  }
  return [...out].map(([field, text]) => ({ field, text }));
}
