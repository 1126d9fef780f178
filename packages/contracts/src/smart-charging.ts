import { calendarDate } from './calendar-date';
import { z } from 'zod';
import { INT4_MAX } from './int4';

/**
 * Smart charging — the load manager of a virtual group (002 §2 Smart Charging and Events tabs,
 * §3 Smart charging record, §4 Smart charging and meter, §5 Virtual group form, §6
 * DASH_SMART_CHARGING_CREATE, §7 Smart charging service and `/virtual-groups/smart-charging…`, §8,
 * §9). The record lives under `/smart/`; its link to a group under `/gateway/`. Snake_case fields,
 * dates 'YYYY-MM-DD', currents in amperes.
 */

/** The spec's messages (002 §5, §8), exact in Portuguese. */
export const smartChargingMessages = {
  startRequired: 'A data de início é um campo obrigatório',
  endRequired: 'A data de término é um campo obrigatório',
  startAfterEnd: 'A data de início deve ser anterior a data final',
  breakerRequired: 'A corrente nominal do disjuntor (a) é um campo obrigatório',
  chargerWithoutConfig:
    'Não é possível adicionar um carregador sem configurações avançadas em uma configuração com smart charging habilitado!',
  /** The server error text's second segment that the group form words as 'contains chargers with invalid data' (002 §8). */
  invalidChargers: 'Não foi possível criar SmartCharging, Grupo Virtual contém carregadores inválidos',
  meterInOtherGroup: 'Medidor já associado a outro grupo',
  meterNotFound: 'Não foi possível encontrar o medidor',
  created: 'Smart Charging criado com sucesso!',
  createFailed: 'Não foi possível criar o smart charging!',
  updated: 'Smart Charging atualizado com sucesso!',
  updateFailed: 'Não foi possível atualizar o Smart Charging!',
  /** Not in the spec (docs/decisions.md): a 1.5 station has no charging profiles. */
  ocpp15Charger:
    'Carregadores OCPP 1.5 não aceitam perfis de recarga e não podem entrar em uma configuração com smart charging habilitado.',
  notFound: 'Smart charging not found.',
  groupNotFound: 'Configuration not found.',
  alreadyLinked: 'This smart charging record already belongs to another configuration.',
  groupHasRecord: 'This configuration already has a smart charging record.',
  breakerRange: 'The breaker rating must be greater than 0 and at most 999.99 A.',
  dateInvalid: 'Use a date as YYYY-MM-DD.',
} as const;

/** The segments of a server error text are separated by this (002 §8 reads the second one). */
export const SERVER_ERROR_SEPARATOR = ': ';
/** 'Erro ao criar a configuração: <invalidChargers>' */
export const invalidChargersError = `Erro ao criar a configuração${SERVER_ERROR_SEPARATOR}${smartChargingMessages.invalidChargers}`;

export const SMART_CHARGING_BREAKER_MAX = 999.99;
/** IEC 61851-1: the lowest current a control pilot may offer (A); below it a session is paused at 0 A. */
export const IEC_MIN_CURRENT_A = 6;

export const smartChargingModulations = ['DYNAMIC'] as const;
export const smartChargingEventKinds = [
  'METER_ONLINE',
  'METER_OFFLINE',
  'PLAN_CHANGED',
  'PROFILE_REJECTED',
  'BREAKER_MARGIN_BREACHED',
  'FAILSAFE',
  'FAILSAFE_ENDED',
] as const;
export type SmartChargingEventKind = (typeof smartChargingEventKinds)[number];

const msg = smartChargingMessages;
const id = z.coerce.number().int().positive().max(INT4_MAX);
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);

/** A calendar date 'YYYY-MM-DD' (a '2026-02-30' is refused). */
const dateText = z.preprocess(blank, calendarDate(msg.dateInvalid).nullable());

/** The breaker's rating in A: a number or the form's text ('100.5'); blank is absent. */
const breaker = z.preprocess((v) => {
  const b = blank(v);
  return typeof b === 'string' ? (/^\d{1,3}(\.\d{1,2})?$/.test(b.trim()) ? Number(b.trim()) : b) : b;
}, z.number(msg.breakerRange).gt(0, msg.breakerRange).max(SMART_CHARGING_BREAKER_MAX, msg.breakerRange).nullable());

/**
 * The load manager's tuning, per group (issue 41; docs/decisions.md "A load manager that settles"):
 * how much a limit must move to be sent, how long a car keeps a limit before it is raised again,
 * how many profiles a station takes per minute, how long cars take to follow a limit, and what the
 * failsafe assumes of the building when the meter is silent. Absent in a payload: the default (on
 * create) or the value kept (on update).
 */
export const smartChargingTuningDefaults = {
  dead_band_a: 1,
  dwell_s: 60,
  max_profiles_per_min: 4,
  follow_s: 30,
  building_worst_a: null as number | null,
  min_per_charger_a: IEC_MIN_CURRENT_A,
};
export const smartChargingTuningLimits = {
  dead_band_a: { min: 1, max: 10 },
  dwell_s: { min: 15, max: 900 },
  max_profiles_per_min: { min: 1, max: 30 },
  follow_s: { min: 1, max: 300 },
  building_worst_a: { min: 0, max: SMART_CHARGING_BREAKER_MAX },
  min_per_charger_a: { min: IEC_MIN_CURRENT_A, max: 80 },
} as const;

const numberText = (v: unknown) => {
  const b = blank(v);
  return typeof b === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(b) ? Number(b) : b;
};
const tuned = (key: keyof typeof smartChargingTuningLimits, integer: boolean) => {
  const { min, max } = smartChargingTuningLimits[key];
  const message = integer ? `Use a whole number from ${min} to ${max}.` : `Use a number from ${min} to ${max}.`;
  const n = z.number(message).min(min, message).max(max, message);
  return z.preprocess(numberText, integer ? n.int(message) : n.multipleOf(0.1, message));
};
const tuningFields = {
  dead_band_a: tuned('dead_band_a', false).optional(),
  dwell_s: tuned('dwell_s', true).optional(),
  max_profiles_per_min: tuned('max_profiles_per_min', true).optional(),
  follow_s: tuned('follow_s', true).optional(),
  building_worst_a: tuned('building_worst_a', false).nullable().optional(),
  min_per_charger_a: tuned('min_per_charger_a', false).optional(),
};
export type SmartChargingTuning = { -readonly [K in keyof typeof smartChargingTuningDefaults]: (typeof smartChargingTuningDefaults)[K] };
const tuningOut = {
  dead_band_a: z.number(),
  dwell_s: z.number().int(),
  max_profiles_per_min: z.number().int(),
  follow_s: z.number().int(),
  building_worst_a: z.number().nullable(),
  min_per_charger_a: z.number(),
};

const meterRemoteId = z.preprocess(blank, z.string().trim().min(1).max(100).nullable());

interface Rulable {
  enabled: boolean;
  start_date: string | null;
  end_date: string | null;
  current_nominal_a: number | null;
}

/**
 * The form rules of 002 §5 for a record: when enabled, both dates and the breaker are required; the
 * start is never after the end. The server applies them through these schemas; the web reuses them.
 */
export function smartChargingRules(v: Rulable, ctx: z.RefinementCtx) {
  if (v.enabled) {
    if (v.start_date === null) ctx.addIssue({ code: 'custom', path: ['start_date'], message: msg.startRequired });
    if (v.end_date === null) ctx.addIssue({ code: 'custom', path: ['end_date'], message: msg.endRequired });
    if (v.current_nominal_a === null) ctx.addIssue({ code: 'custom', path: ['current_nominal_a'], message: msg.breakerRequired });
  }
  if (v.start_date !== null && v.end_date !== null && v.start_date > v.end_date)
    ctx.addIssue({ code: 'custom', path: ['start_date'], message: msg.startAfterEnd });
}

const recordFields = {
  enabled: z.boolean(),
  start_date: dateText.default(null),
  end_date: dateText.default(null),
  current_nominal_a: breaker.default(null),
  /** Always DYNAMIC (002 §9). */
  modulation: z.enum(smartChargingModulations).default('DYNAMIC'),
  ...tuningFields,
};

/** POST /smart/smart-charging (002 §7): the record, checked against the chargers it will manage. */
export const smartChargingCreateSchema = z
  .object({ ...recordFields, charge_boxs: z.array(id).max(1000).default([]) })
  .superRefine(smartChargingRules);
export type SmartChargingCreate = z.infer<typeof smartChargingCreateSchema>;

const meterFields = {
  meter_device_remote_id: meterRemoteId.default(null),
  /** The meter measures the chargers too (it sits before them on the breaker's circuit). */
  meter_device_remote_in_circuit: z.boolean().default(true),
};

/** PUT /smart/smart-charging/{id}: the record and its meter (other fields of the record are ignored). */
export const smartChargingUpdateSchema = z.object({ ...recordFields, ...meterFields }).superRefine(smartChargingRules);
export type SmartChargingUpdate = z.infer<typeof smartChargingUpdateSchema>;

/** The `smart_charging` part of a group's create payload (002 §3 Virtual group). */
export const groupSmartChargingPartSchema = z.object({ ...recordFields, ...meterFields }).superRefine(smartChargingRules);
export type GroupSmartChargingPart = z.infer<typeof groupSmartChargingPartSchema>;

/** POST /gateway/virtual-groups/smart-charging: links a record to a group, enabled or not. */
export const groupSmartChargingLinkSchema = z.object({ virtual_group_id: id, enabled: z.boolean(), smart_charging_id: id });
export type GroupSmartChargingLink = z.infer<typeof groupSmartChargingLinkSchema>;

export const smartChargingIdParams = z.object({ id });

export const smartChargingRecordSchema = z.object({
  smart_charging_id: z.number().int(),
  enabled: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  current_nominal_a: z.number().nullable(),
  modulation: z.enum(smartChargingModulations),
  meter_device_remote_id: z.string().nullable(),
  meter_device_remote_in_circuit: z.boolean(),
  virtual_group_id: z.number().int().nullable(),
  ...tuningOut,
});
export type SmartChargingRecord = z.infer<typeof smartChargingRecordSchema>;

export const smartChargingSavedSchema = z.object({ smart_charging_id: z.number().int(), message: z.string() });

/**
 * What the failsafe assumed the building draws when the meter is silent (issue 41): the highest of
 * its highest load in the last 24 h, its last figure and the configured worst case — the basis
 * names which one it was; with none of them, the whole breaker less the guaranteed minimum per
 * charger (NO_KNOWLEDGE).
 */
export const failsafeBases = ['PEAK_24H', 'LAST_READING', 'WORST_CASE', 'NO_KNOWLEDGE'] as const;
export type FailsafeBasis = (typeof failsafeBases)[number];
/** Why the failsafe began: no meter linked, the meter silent past its online window, or alive but its readings too old to control on. */
export const failsafeReasons = ['NO_METER', 'METER_OFFLINE', 'METER_STALE'] as const;
export type FailsafeReason = (typeof failsafeReasons)[number];

/** The detail of a FAILSAFE event (entering the failsafe). */
export interface FailsafeEventDetail {
  reason: FailsafeReason;
  basis: FailsafeBasis;
  breaker_a: number;
  chargers: number;
  /** The building load assumed, on its busiest phase (A). */
  building_a: number;
  /** What the chargers share together on that phase (A). */
  available_a: number;
  min_per_charger_a: number;
}
/** The detail of a FAILSAFE_ENDED event: readings are fresh again after `after_s` seconds in failsafe. */
export interface FailsafeEndedEventDetail {
  reason: 'METER_READINGS_BACK';
  after_s: number;
}

/**
 * Why a session has the limit it has. HOLD_DEAD_BAND: the plan moved it by less than the dead band;
 * HOLD_DWELL: it changed less than the dwell ago; HOLD_RATE: its station had its profiles for the minute.
 */
export const planReasons = [
  'FAIR_SHARE',
  'RATING_CAP',
  'CAR_CAP',
  'PAUSED',
  'FAILSAFE',
  'STATION_OFFLINE',
  'PROFILE_REJECTED',
  'NO_PROFILES',
  'HOLD_DEAD_BAND',
  'HOLD_DWELL',
  'HOLD_RATE',
] as const;
export type PlanReason = (typeof planReasons)[number];

/** One session's share in the latest plan. */
export const plannedSessionSchema = z.object({
  charge_box_code: z.string(),
  connector_id: z.number().int(),
  transaction_id: z.number().int(),
  limit_a: z.number(),
  reason: z.string(),
});

/** GET /gateway/virtual-groups/smart-charging/{id}: the group's record (ids null when it has none) and the loop's state. */
export const groupSmartChargingSchema = z.object({
  virtual_group_id: z.number().int(),
  smart_charging_id: z.number().int().nullable(),
  enabled: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  current_nominal_a: z.number().nullable(),
  modulation: z.enum(smartChargingModulations),
  meter_device_remote_id: z.string().nullable(),
  meter_device_remote_in_circuit: z.boolean(),
  /** The group's tuning (the defaults when it has no record). */
  ...tuningOut,
  /** What the control loop last decided: null before its first plan. */
  plan: z
    .object({
      planned_at: z.string(),
      mode: z.enum(['DYNAMIC', 'FAILSAFE']),
      meter_online: z.boolean(),
      available_a: z.array(z.number()).length(3),
      /** The building load the plan counted per phase (estimated, or assumed in failsafe); absent in plans before issue 41. */
      building_a: z.array(z.number()).length(3).nullable().optional(),
      /** In failsafe: which figure the building was assumed at. */
      failsafe_basis: z.enum(failsafeBases).nullable().optional(),
      sessions: z.array(plannedSessionSchema),
    })
    .nullable(),
});
export type GroupSmartCharging = z.infer<typeof groupSmartChargingSchema>;

export const smartChargingMessageSchema = z.object({ message: z.string() });
