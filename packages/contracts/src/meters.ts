import { z } from 'zod';
import { INT4_MAX } from './int4';
import { emptyToUndefined } from './query';

/**
 * Meters of smart charging (002 §3 Meter, §4 Smart charging and meter, §7 Smart charging service,
 * §8, §9): devices on a building's supply that report the current of each phase. Paths under
 * /smart/, snake_case fields. A reading comes in over MQTT (`recarga/meters/{device_remote_id}/measurements`)
 * or over HTTP (POST /smart/meters/{device_remote_id}/measurements with the device's token); both
 * carry the same JSON payload (`meterMeasurementPayloadSchema`).
 */

/** Phase keys of a reading (002 §9). */
export const METER_PHASES = ['01', '02', '03'] as const;
/** The highest current a phase may report, in amperes (the store keeps numeric(8,2)). */
export const METER_PHASE_MAX_A = 10_000;
/** How far ahead of the server's clock a reading's timestamp may be (clock skew of a device). */
export const METER_FUTURE_TOLERANCE_MS = 5 * 60_000;
/** At most this many devices in one /meters/measurements/list call. */
export const METER_LIST_MAX = 100;
/** At most this many points in a series (the group's chart); buckets grow with the range. */
export const METER_SERIES_MAX_POINTS = 1500;
/** The longest range a series covers. */
export const METER_SERIES_MAX_DAYS = 366;
/** The header of the HTTP push carrying the device's token. */
export const METER_TOKEN_HEADER = 'x-meter-token';
/** The MQTT topic a device publishes on; `+` is its device_remote_id. */
export const METER_MQTT_TOPIC = 'recarga/meters/+/measurements';

/** The spec's messages (002 §4, §8), exact in Portuguese; the others are the server's own. */
export const meterMessages = {
  notFound: 'Não foi possível encontrar o medidor',
  offline: 'O medidor está offline',
  fetchFailed: 'Erro ao buscar medidor',
  alreadyLinked: 'Medidor já associado a outro grupo',
  macOrDeviceRequired: 'Give mac_address or device_remote_id.',
  macInvalid: 'A MAC address is six pairs of hex digits separated by ":" or "-" (AA:BB:CC:DD:EE:01).',
  deviceIdInvalid: 'A device id is 1 to 64 letters, digits, "_", "." or "-".',
  macTaken: 'A meter with this MAC address is already registered.',
  deviceIdTaken: 'A meter with this device id is already registered.',
  macMismatch: 'The MAC address does not match this device.',
  tokenInvalid: 'Unknown device or wrong X-Meter-Token.',
  timestampInFuture: 'The timestamp is more than 5 minutes in the future.',
  timestampTooOld: 'The timestamp is older than the retention period of measurements.',
  phaseInvalid: `A phase current is a number of amperes from 0 to ${METER_PHASE_MAX_A}.`,
  rangeInvalid: 'from must be before to.',
  rangeTooLong: `A series covers at most ${METER_SERIES_MAX_DAYS} days.`,
  tooManyDevices: `At most ${METER_LIST_MAX} device ids.`,
  tenantNotFound: 'Tenant not found',
} as const;

const MAC = /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/;
/** A device id is one MQTT topic level and one URL path segment: no '/', '+', '#' or spaces. */
export const METER_DEVICE_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** A MAC address as stored and answered: upper case, ':' separated. */
export function normaliseMac(mac: string): string {
  return mac.toUpperCase().replace(/-/g, ':');
}

export const macAddressSchema = z
  .string()
  .trim()
  .regex(MAC, meterMessages.macInvalid)
  .transform(normaliseMac)
  .meta({ example: 'AA:BB:CC:DD:EE:01' });
export const deviceRemoteIdSchema = z.string().trim().regex(METER_DEVICE_ID, meterMessages.deviceIdInvalid).meta({ example: 'MTR-0001' });

const phase = z
  .number({ message: meterMessages.phaseInvalid })
  .min(0, meterMessages.phaseInvalid)
  .max(METER_PHASE_MAX_A, meterMessages.phaseInvalid)
  // At most two decimals are kept (the store's numeric(8,2)).
  .transform((a) => Math.round(a * 100) / 100);

/**
 * One reading, as a device sends it over MQTT or HTTP: the MAC address of the device, when it
 * measured (ISO 8601 with a zone) and the current of each phase in amperes.
 */
export const meterMeasurementPayloadSchema = z
  .object({
    mac_address: macAddressSchema,
    timestamp: z.iso.datetime({ offset: true }).meta({ example: '2026-11-25T14:00:00.000Z' }),
    phases: z.object({ '01': phase, '02': phase, '03': phase }),
  })
  .meta({
    description:
      'A meter reading (MQTT topic recarga/meters/{device_remote_id}/measurements, or the HTTP push): amperes per phase, ≥ 0, two decimals kept; the timestamp may be at most 5 minutes ahead of the server.',
    example: { mac_address: 'AA:BB:CC:DD:EE:01', timestamp: '2026-11-25T14:00:00.000Z', phases: { '01': 41.2, '02': 38.9, '03': 40.0 } },
  });
export type MeterMeasurementPayload = z.infer<typeof meterMeasurementPayloadSchema>;

export const meterPushParams = z.object({ deviceRemoteId: deviceRemoteIdSchema });
export const meterPushHeadersSchema = z.object({
  [METER_TOKEN_HEADER]: z.string().meta({ description: 'The token the registration (or POST /smart/meters/{id}/token) gave the device' }),
});
export const meterPushAnswerSchema = z.object({
  accepted: z.literal(true),
  /** The device had already sent a reading with this timestamp: the first one is kept. */
  duplicate: z.boolean(),
});

const id = z.coerce.number().int().positive().max(INT4_MAX);

export const meterCreateSchema = z.object({
  mac_address: macAddressSchema,
  device_remote_id: deviceRemoteIdSchema,
  /** The meter's network; default the caller's. */
  tenant_id: id.optional(),
});
export type MeterCreate = z.infer<typeof meterCreateSchema>;

export const meterRowSchema = z.object({
  meter_id: z.number().int(),
  mac_address: z.string(),
  device_remote_id: z.string(),
  tenant_id: z.number().int(),
  created_at: z.string(),
  /** 1: a reading within the online window (METER_ONLINE_WINDOW_SEC); 0 otherwise. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** The latest reading's timestamp; null before the first one. */
  timestamp: z.string().nullable(),
});
export type MeterRow = z.infer<typeof meterRowSchema>;

/** The answer of a registration (and of a new token): the token is shown this once, the server keeps only its hash. */
export const meterCreatedSchema = meterRowSchema.extend({ token: z.string() });

export const meterListQuerySchema = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).default(0)),
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(10)),
  tenant_id: z.preprocess(emptyToUndefined, id.optional()),
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});
export const meterPageSchema = z.object({ content: z.array(meterRowSchema), totalElements: z.number().int() });

export const meterCommunicationStatuses = ['ONLINE', 'OFFLINE', 'NO_DATA'] as const;

const phases = z.object({ '01': z.number(), '02': z.number(), '03': z.number() });

/**
 * A meter's latest reading (002 §3 Meter). With no reading yet: status 0, communication_status
 * NO_DATA, and timestamp, current and max_phase null.
 */
export const meterMeasurementSchema = z.object({
  meter_id: z.number().int(),
  tenant_id: z.number().int(),
  mac_address: z.string(),
  device_remote_id: z.string(),
  /** 1 online (a reading within the online window), 0 offline. */
  status: z.union([z.literal(0), z.literal(1)]),
  communication_status: z.enum(meterCommunicationStatuses),
  timestamp: z.string().nullable(),
  /** Amperes per phase, two decimals. */
  current: phases.nullable(),
  /** The highest phase, rounded up to one decimal (41.21 → 41.3). */
  max_phase: z.number().nullable(),
});
export type MeterMeasurement = z.infer<typeof meterMeasurementSchema>;

export const meterMeasurementQuerySchema = z.object({
  mac_address: z.preprocess(emptyToUndefined, macAddressSchema.optional()),
  device_remote_id: z.preprocess(emptyToUndefined, deviceRemoteIdSchema.optional()),
});

export const meterMeasurementListQuerySchema = z.object({
  /** Comma-joined device ids; unknown ones (or outside the caller's networks) are left out of the answer. */
  device_remote_ids: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(deviceRemoteIdSchema).min(1).max(METER_LIST_MAX, meterMessages.tooManyDevices),
  ),
});
export const meterMeasurementListSchema = z.array(meterMeasurementSchema);

export const meterDeviceParams = z.object({ deviceRemoteId: deviceRemoteIdSchema });

export const meterSeriesQuerySchema = z.object({
  /** Default: 24 hours before `to`. */
  from: z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true }).optional()),
  /** Default: now. */
  to: z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true }).optional()),
});

export const meterSeriesSchema = z.object({
  device_remote_id: z.string(),
  from: z.string(),
  to: z.string(),
  /** Each point is the highest current of each phase within one bucket of this many seconds. */
  bucket_seconds: z.number().int(),
  points: z.array(z.object({ timestamp: z.string(), current: phases, max_phase: z.number() })),
});
export type MeterSeries = z.infer<typeof meterSeriesSchema>;

/** The highest phase rounded up to one decimal, from currents of at most two decimals (41.21 → 41.3, 41.2 → 41.2). */
export function maxPhaseOf(phases: readonly number[]): number {
  const hundredths = Math.max(...phases.map((a) => Math.round(a * 100)));
  return Math.ceil(hundredths / 10) / 10;
}
