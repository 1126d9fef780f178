import dayjs from 'dayjs';
import type { VirtualGroupCreate } from '@recarga/contracts/virtual-groups';
import {
  SENT_DATE,
  maskBreaker,
  noMeter,
  updatePayload,
  type MeterChoice,
  type SmartChargingFormValues,
} from '../smart-charging/model/smart-charging-form';
import {
  defaultTuningTexts,
  maskTuning,
  pickTuning,
  tuningFields,
  type TuningField,
  type TuningTexts,
} from '../smart-charging/model/tuning';
import { connectorFields, emptyPricing, pricingPayload, type PricingFormValues } from './pricing-form';

/** A charger chosen in the picker, with what the form lists of it. */
export interface ChosenCharger {
  charge_box_id: number;
  charge_box_code: string;
  description: string | null;
}

/**
 * The draft's smart charging (002 §3 'Virtual group form draft'), with its tuning as typed (issue
 * 41). Dates as 'YYYY-MM-DD' text, not Dayjs: history state is a structured clone, which keeps a
 * Dayjs's fields but not its methods.
 */
export interface SmartChargingDraft extends TuningTexts {
  enabled: boolean;
  start_date: string | null;
  end_date: string | null;
  /** As typed, through the breaker mask. */
  current_nominal_a: string;
  modulation: 'DYNAMIC';
  meter_device: MeterChoice;
}

/**
 * The create form's draft (002 §3 'Virtual group form draft'), carried to the charger picker and
 * back in navigation state.
 */
export interface VirtualGroupDraft {
  name: string;
  description: string;
  tenant_id: number | undefined;
  charge_boxs: ChosenCharger[];
  dynamic_pricing: PricingFormValues;
  smart_charging: SmartChargingDraft;
}

/** A new group's smart charging: off, nothing filled, the default tuning. */
export function emptySmartDraft(): SmartChargingDraft {
  return {
    enabled: false,
    start_date: null,
    end_date: null,
    current_nominal_a: '',
    modulation: 'DYNAMIC',
    meter_device: noMeter,
    ...defaultTuningTexts(),
  };
}

/** The draft's smart charging as the form's values (the meter in the chargers' circuit: 002 §9). */
export function smartFormFromDraft(d: SmartChargingDraft): SmartChargingFormValues {
  return {
    enabled: d.enabled,
    start_date: d.start_date ? dayjs(d.start_date) : null,
    end_date: d.end_date ? dayjs(d.end_date) : null,
    current_nominal_a: d.current_nominal_a,
    meter_device: d.meter_device,
    meter_device_remote_in_circuit: true,
    ...pickTuning(d),
  };
}

/** The form's smart-charging values as the draft keeps them. */
export function smartDraftFromForm(v: SmartChargingFormValues): SmartChargingDraft {
  return {
    enabled: v.enabled,
    start_date: v.start_date ? v.start_date.format(SENT_DATE) : null,
    end_date: v.end_date ? v.end_date.format(SENT_DATE) : null,
    current_nominal_a: v.current_nominal_a,
    modulation: 'DYNAMIC',
    meter_device: v.meter_device,
    ...pickTuning(v),
  };
}

/** What the create page sends the picker: the draft and where to come back to. */
export interface PickerState {
  draft: VirtualGroupDraft;
  origin: string;
}

export const CREATE_PATH = '/virtual-groups/create';
export const PICKER_PATH = '/virtual-groups/chargeboxes/select';

export function emptyDraft(tenantId: number | undefined): VirtualGroupDraft {
  return {
    name: '',
    description: '',
    tenant_id: tenantId,
    charge_boxs: [],
    dynamic_pricing: emptyPricing(),
    smart_charging: emptySmartDraft(),
  };
}

/** True once the user put something in the draft (the leave guard asks before losing it). */
export function isDraftTouched(draft: VirtualGroupDraft): boolean {
  return Boolean(
    draft.name.trim() ||
    draft.description.trim() ||
    draft.charge_boxs.length ||
    draft.dynamic_pricing.enabled ||
    draft.smart_charging.enabled,
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const profile = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** A calendar date 'YYYY-MM-DD', or null. */
function date(v: unknown): string | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const d = dayjs(v);
  return d.isValid() && d.format(SENT_DATE) === v ? v : null;
}

const optionalText = (v: unknown) => (typeof v === 'string' && v ? v : null);

function readSmart(v: unknown): SmartChargingDraft {
  if (!isRecord(v)) return emptySmartDraft();
  const meter = isRecord(v.meter_device) ? v.meter_device : {};
  // A tuning field missing (a draft from before issue 41) or not text is its default.
  const defaults = defaultTuningTexts();
  const tuning = (field: TuningField) => {
    const typed = v[field];
    return typeof typed === 'string' ? maskTuning(typed) : defaults[field];
  };
  const deviceRemoteId = optionalText(meter.device_remote_id);
  return {
    enabled: v.enabled === true,
    start_date: date(v.start_date),
    end_date: date(v.end_date),
    current_nominal_a: typeof v.current_nominal_a === 'string' ? maskBreaker(v.current_nominal_a) : '',
    modulation: 'DYNAMIC',
    // A MAC address without its device is no meter.
    meter_device: deviceRemoteId ? { device_remote_id: deviceRemoteId, mac_address: optionalText(meter.mac_address) } : noMeter,
    ...(Object.fromEntries(tuningFields.map((field) => [field, tuning(field)])) as TuningTexts),
  };
}

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
    smart_charging: readSmart(value.smart_charging),
  };
}

/** The picker's navigation state; null without one (the picker then goes to the create page). */
export function readPickerState(state: unknown): PickerState | null {
  if (!isRecord(state)) return null;
  const draft = readDraft(state.draft);
  const origin = typeof state.origin === 'string' && state.origin.startsWith('/virtual-groups/') ? state.origin : null;
  return draft && origin ? { draft, origin } : null;
}

/**
 * POST /gateway/virtual-groups body (002 §3 create payload). `smart`: the user holds
 * DASH_SMART_CHARGING_CREATE. Smart charging goes only when on: a group made with it off has no
 * record, and its Smart Charging tab then offers the create form (002 §4). Modulation DYNAMIC and
 * the meter in the circuit, as 002 §9 has it for a group's create.
 */
export function createPayload(draft: VirtualGroupDraft, smart: boolean): VirtualGroupCreate {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    tenant_id: draft.tenant_id,
    charge_boxs: draft.charge_boxs.map((c) => c.charge_box_id),
    dynamic_pricing: pricingPayload(draft.dynamic_pricing),
    ...(smart && draft.smart_charging.enabled
      ? { smart_charging: { ...updatePayload(smartFormFromDraft(draft.smart_charging)), meter_device_remote_in_circuit: true } }
      : {}),
  };
}
