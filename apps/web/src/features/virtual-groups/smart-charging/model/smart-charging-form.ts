import dayjs, { type Dayjs } from 'dayjs';
import type { GroupSmartCharging, SmartChargingCreate, SmartChargingUpdate } from '@recarga/contracts/smart-charging';
import { defaultTuningTexts, tuningPayload, tuningTexts, type TuningTexts } from './tuning';

/**
 * The group's smart-charging form (002 §3 Virtual group form draft, §4, §5, §9), without zod: the
 * contract builds its schemas with zod, which the screens keep out of their bundle.
 */

/** Breaker current: digits and one point, at most 6 characters (002 §5, §9). */
export const BREAKER_MAX_LENGTH = 6;
/** The breaker's highest rating (the contract's SMART_CHARGING_BREAKER_MAX). */
export const BREAKER_MAX_A = 999.99;
/** Dates are sent as YYYY-MM-DD and shown as DD/MM/YYYY (002 §9). */
export const SENT_DATE = 'YYYY-MM-DD';

export interface MeterChoice {
  device_remote_id: string | null;
  mac_address: string | null;
}

/** The record's fields and its tuning (issue 41), each tuning field as typed under its own name. */
export interface SmartChargingFormValues extends TuningTexts {
  enabled: boolean;
  start_date: Dayjs | null;
  end_date: Dayjs | null;
  /** As typed, through `maskBreaker`. */
  current_nominal_a: string;
  meter_device: MeterChoice;
  meter_device_remote_in_circuit: boolean;
}

export const noMeter: MeterChoice = { device_remote_id: null, mac_address: null };

/**
 * The breaker input's mask (002 §5): only digits and a decimal point; a point goes in after three
 * digits; at most six characters. Two decimals at most, so what it lets through the server accepts.
 */
export function maskBreaker(input: string): string {
  const kept = input.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  let whole = point < 0 ? kept : kept.slice(0, point);
  let fraction = point < 0 ? '' : kept.slice(point + 1).replace(/\./g, '');
  let hasPoint = point >= 0;
  if (whole.length > 3) {
    fraction = whole.slice(3) + fraction;
    whole = whole.slice(0, 3);
    hasPoint = true;
  }
  return (hasPoint ? `${whole}.${fraction.slice(0, 2)}` : whole).slice(0, BREAKER_MAX_LENGTH);
}

/** The typed breaker as amperes; null when blank or not a rating (0, '.', '12.'). */
export function breakerAmperes(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const amperes = Number(trimmed);
  return amperes > 0 && amperes <= BREAKER_MAX_A ? amperes : null;
}

export type SmartChargingRule = 'startRequired' | 'endRequired' | 'startAfterEnd' | 'breakerRequired' | 'breakerInvalid';

/** The rules of 002 §5, per field: only when smart charging is on, except that the start is never after the end. */
export function smartChargingErrors(
  v: SmartChargingFormValues,
): Partial<Record<'start_date' | 'end_date' | 'current_nominal_a', SmartChargingRule>> {
  const errors: Partial<Record<'start_date' | 'end_date' | 'current_nominal_a', SmartChargingRule>> = {};
  if (v.enabled) {
    if (!v.start_date) errors.start_date = 'startRequired';
    if (!v.end_date) errors.end_date = 'endRequired';
    if (v.current_nominal_a.trim() === '') errors.current_nominal_a = 'breakerRequired';
  }
  if (!errors.current_nominal_a && v.current_nominal_a.trim() !== '' && breakerAmperes(v.current_nominal_a) === null)
    errors.current_nominal_a = 'breakerInvalid';
  if (v.start_date && v.end_date && v.start_date.isAfter(v.end_date, 'day')) errors.start_date = 'startAfterEnd';
  return errors;
}

const sent = (d: Dayjs | null) => (d ? d.format(SENT_DATE) : null);

/** POST /smart/smart-charging: modulation always DYNAMIC (002 §9). */
export function createPayload(v: SmartChargingFormValues, chargeBoxIds: number[]): SmartChargingCreate {
  return {
    enabled: v.enabled,
    start_date: sent(v.start_date),
    end_date: sent(v.end_date),
    current_nominal_a: breakerAmperes(v.current_nominal_a),
    modulation: 'DYNAMIC',
    ...tuningPayload(v),
    charge_boxs: chargeBoxIds,
  };
}

/** PUT /smart/smart-charging/{id}: the record and its meter. */
export function updatePayload(v: SmartChargingFormValues): SmartChargingUpdate {
  return {
    enabled: v.enabled,
    start_date: sent(v.start_date),
    end_date: sent(v.end_date),
    current_nominal_a: breakerAmperes(v.current_nominal_a),
    modulation: 'DYNAMIC',
    ...tuningPayload(v),
    meter_device_remote_id: v.meter_device.device_remote_id,
    meter_device_remote_in_circuit: v.meter_device_remote_in_circuit,
  };
}

/** A new record's form: on, no dates, no breaker, no meter, the meter in the chargers' circuit, the default tuning. */
export function emptyForm(): SmartChargingFormValues {
  return {
    enabled: true,
    start_date: null,
    end_date: null,
    current_nominal_a: '',
    meter_device: noMeter,
    meter_device_remote_in_circuit: true,
    ...defaultTuningTexts(),
  };
}

/** The saved record as form values (the MAC address is not part of the record: the meter's own answer fills it). */
export function formFromSaved(saved: GroupSmartCharging, mac: string | null = null): SmartChargingFormValues {
  return {
    enabled: saved.enabled,
    start_date: saved.start_date ? dayjs(saved.start_date) : null,
    end_date: saved.end_date ? dayjs(saved.end_date) : null,
    current_nominal_a: saved.current_nominal_a === null ? '' : maskBreaker(String(saved.current_nominal_a)),
    meter_device: saved.meter_device_remote_id ? { device_remote_id: saved.meter_device_remote_id, mac_address: mac } : noMeter,
    meter_device_remote_in_circuit: saved.meter_device_remote_in_circuit,
    ...tuningTexts(saved),
  };
}

/** The meter dialog's input: a MAC address (six hex pairs) or else a device id. */
export function meterQuery(text: string): { mac_address: string } | { device_remote_id: string } | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/.test(trimmed)) return { mac_address: trimmed.toUpperCase().replace(/-/g, ':') };
  return { device_remote_id: trimmed };
}
