import type { VirtualGroupCreate } from '@recarga/contracts/virtual-groups';
import { connectorFields, emptyPricing, pricingPayload, type PricingFormValues } from './pricing-form';

/** A charger chosen in the picker, with what the form lists of it. */
export interface ChosenCharger {
  charge_box_id: number;
  charge_box_code: string;
  description: string | null;
}

/**
 * The create form's draft (002 §3 'Virtual group form draft'), carried to the charger picker and
 * back in navigation state. The smart-charging part joins it with its issue.
 */
export interface VirtualGroupDraft {
  name: string;
  description: string;
  tenant_id: number | undefined;
  charge_boxs: ChosenCharger[];
  dynamic_pricing: PricingFormValues;
}

/** What the create page sends the picker: the draft and where to come back to. */
export interface PickerState {
  draft: VirtualGroupDraft;
  origin: string;
}

export const CREATE_PATH = '/virtual-groups/create';
export const PICKER_PATH = '/virtual-groups/chargeboxes/select';

export function emptyDraft(tenantId: number | undefined): VirtualGroupDraft {
  return { name: '', description: '', tenant_id: tenantId, charge_boxs: [], dynamic_pricing: emptyPricing() };
}

/** True once the user put something in the draft (the leave guard asks before losing it). */
export function isDraftTouched(draft: VirtualGroupDraft): boolean {
  return Boolean(draft.name.trim() || draft.description.trim() || draft.charge_boxs.length || draft.dynamic_pricing.enabled);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const profile = (v: unknown) => (typeof v === 'string' && v ? v : null);

function readCharger(v: unknown): ChosenCharger | null {
  if (!isRecord(v) || !Number.isInteger(v.charge_box_id) || typeof v.charge_box_code !== 'string') return null;
  return {
    charge_box_id: v.charge_box_id as number,
    charge_box_code: v.charge_box_code,
    description: typeof v.description === 'string' ? v.description : null,
  };
}

/**
 * The draft in a navigation state, read defensively: history state outlives deployments and can
 * be anything; a part that does not read falls back to its empty value.
 */
export function readDraft(value: unknown): VirtualGroupDraft | null {
  if (!isRecord(value)) return null;
  const pricing = isRecord(value.dynamic_pricing) ? value.dynamic_pricing : {};
  const seen = new Set<number>();
  const chargers = (Array.isArray(value.charge_boxs) ? value.charge_boxs : [])
    .map(readCharger)
    .filter((c): c is ChosenCharger => c !== null && !seen.has(c.charge_box_id) && Boolean(seen.add(c.charge_box_id)));
  return {
    name: text(value.name),
    description: text(value.description),
    tenant_id: Number.isInteger(value.tenant_id) ? (value.tenant_id as number) : undefined,
    charge_boxs: chargers,
    dynamic_pricing: {
      enabled: pricing.enabled === true,
      type: pricing.type === 'connectors' ? 'connectors' : 'station',
      ...(Object.fromEntries(connectorFields.map((f) => [f, profile(pricing[f])])) as Pick<
        PricingFormValues,
        (typeof connectorFields)[number]
      >),
    },
  };
}

/** The picker's navigation state; null without one (the picker then goes to the create page). */
export function readPickerState(state: unknown): PickerState | null {
  if (!isRecord(state)) return null;
  const draft = readDraft(state.draft);
  const origin = typeof state.origin === 'string' && state.origin.startsWith('/virtual-groups/') ? state.origin : null;
  return draft && origin ? { draft, origin } : null;
}

/** POST /gateway/virtual-groups body (002 §3 create payload). */
export function createPayload(draft: VirtualGroupDraft): VirtualGroupCreate {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    tenant_id: draft.tenant_id,
    charge_boxs: draft.charge_boxs.map((c) => c.charge_box_id),
    dynamic_pricing: pricingPayload(draft.dynamic_pricing),
  };
}
