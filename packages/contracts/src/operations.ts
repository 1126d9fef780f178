import { z } from 'zod';
import { paymentTypes } from './payments';
import { emptyToUndefined, INT4_MAX, queryText, queryTimeZone } from './query';
import {
  availabilityTypes,
  resetTypes,
  triggerMessageTypes,
  confKeyTypes,
  clearProfileFilterTypes,
  chargingProfilePurposes,
  chargingRateUnits,
  localListUpdateTypes,
  MAX_OPTION_STATIONS,
  MAX_STATIONS_PER_COMMAND,
  operationMessages,
  taskOrigins,
  taskResultStatuses,
  taskErrorCodes,
  type OperationCommand,
} from './operation-commands';

// The zod-free constants, re-exported whole: screens import them from operation-commands directly.
export * from './operation-commands';

/**
 * Remote operations and their task history (001 §2 Remote operations, §3 Operation data and Task,
 * §4 Operations, §5 Operations, §7 Operations, §8 Operations). Paths under /api/.
 *
 * POST operations/{version}/{command} answers at once with the task id; each station's answer is
 * recorded in the task as it arrives and published on /live (`<apiKey>/operations/task/<taskId>`).
 */

// ---------------------------------------------------------------------------------------------
// Commands

const chargeBoxId = z.string().trim().min(1).max(255);
const stations = z
  .array(chargeBoxId)
  .min(1, operationMessages.selectStation)
  .max(MAX_STATIONS_PER_COMMAND)
  .transform((ids) => [...new Set(ids)]);
const connectorId = z.number().int().min(0).max(INT4_MAX);
const positiveConnectorId = z.number().int().min(1).max(INT4_MAX);
const text = (max: number) => z.string().trim().min(1, operationMessages.required).max(max);
const optionalText = (max: number) => z.preprocess(emptyToUndefined, z.string().trim().max(max).optional());
const uri = z
  .string()
  .trim()
  .min(1, operationMessages.required)
  .max(500)
  .refine((v) => /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(v), 'A full address, such as ftp://host/path.');
/** 001 §5: retries and retry interval are 1 when empty. */
const retries = z.preprocess(emptyToUndefined, z.number().int().min(0).max(100).optional().default(1));
const isoDateTime = z.string().datetime({ offset: true });

const base = { chargePointSelectList: stations };

export const commandBodySchemas = {
  change_availability: z.object({ ...base, availType: z.enum(availabilityTypes), connectorId }),
  remote_start_transaction: z
    .object({
      ...base,
      connectorId: positiveConnectorId,
      /** By OCPP tag … */
      idTag: optionalText(20),
      /** … or by the document (CPF) of a user whose tag starts the recharge. */
      document: optionalText(20),
      /**
       * Payment generation (001 §4): how the recharge this start makes is billed — one of the
       * station tenant's payment types (GET payment/types). Absent: as any recharge (wallet first).
       */
      paymentType: z.preprocess(emptyToUndefined, z.enum(paymentTypes).optional()),
      /**
       * A saved charging profile of purpose TX_PROFILE, sent in the message as its chargingProfile
       * (OCPP 1.6 RemoteStartTransaction.req; 1.5 has no such field and is refused).
       */
      chargingProfilePk: z.preprocess(emptyToUndefined, z.number().int().min(1).max(INT4_MAX).optional()),
    })
    .refine((b) => Boolean(b.idTag) !== Boolean(b.document), {
      message: 'Give an OCPP tag or a document, not both.',
      path: ['idTag'],
    }),
  /**
   * The stop goes only to the station where this recharge runs (one of the chosen ones); the
   * other chosen stations are not called. A recharge running on none of them is a field error.
   */
  remote_stop_transaction: z.object({ ...base, transactionId: z.number().int().min(1).max(INT4_MAX) }),
  reset: z.object({ ...base, resetType: z.enum(resetTypes) }),
  /** No key at all asks the station for every key it has (OCPP: an absent key list means all). */
  get_configuration: z.object({
    ...base,
    /** Predefined keys. */
    confKeyList: z.array(z.string().trim().min(1).max(50)).max(100).default([]),
    /** Other keys, typed by the operator. */
    setConfKeyList: z.array(z.string().trim().min(1).max(50)).max(100).default([]),
  }),
  change_configuration: z
    .object({
      ...base,
      keyType: z.enum(confKeyTypes),
      confKey: optionalText(50),
      customConfKey: optionalText(50),
      value: z.string().trim().max(500),
    })
    .superRefine((b, ctx) => {
      if (b.keyType === 'PREDEFINED' && !b.confKey)
        ctx.addIssue({ code: 'custom', message: operationMessages.required, path: ['confKey'] });
      if (b.keyType === 'CUSTOM' && !b.customConfKey) {
        ctx.addIssue({ code: 'custom', message: operationMessages.required, path: ['customConfKey'] });
      }
    }),
  clear_cache: z.object(base),
  get_diagnostics: z
    .object({
      ...base,
      location: uri,
      retries,
      retryInterval: retries,
      start: z.preprocess(emptyToUndefined, isoDateTime.optional()),
      stop: z.preprocess(emptyToUndefined, isoDateTime.optional()),
    })
    .refine((b) => !b.start || !b.stop || b.start <= b.stop, { message: 'The start must come before the stop.', path: ['stop'] }),
  unlock_connector: z.object({ ...base, connectorId: positiveConnectorId }),
  update_firmware: z.object({ ...base, location: uri, retries, retryInterval: retries, retrieve: isoDateTime }),
  data_transfer: z.object({ ...base, vendorId: text(255), messageId: optionalText(50), data: optionalText(5000) }),
  trigger_message: z.object({
    ...base,
    triggerMessage: z.enum(triggerMessageTypes),
    connectorId: z.preprocess(emptyToUndefined, positiveConnectorId.optional()),
  }),
  set_charging_profile: z.object({ ...base, chargingProfilePk: z.number().int().min(1).max(INT4_MAX), connectorId }),
  clear_charging_profile: z
    .object({
      ...base,
      filterType: z.enum(clearProfileFilterTypes),
      chargingProfilePk: z.preprocess(emptyToUndefined, z.number().int().min(1).max(INT4_MAX).optional()),
      connectorId: z.preprocess(emptyToUndefined, connectorId.optional()),
      chargingProfilePurpose: z.preprocess(emptyToUndefined, z.enum(chargingProfilePurposes).optional()),
      stackLevel: z.preprocess(emptyToUndefined, z.number().int().min(0).max(INT4_MAX).optional()),
    })
    .refine((b) => b.filterType !== 'ChargingProfileId' || b.chargingProfilePk !== undefined, {
      message: operationMessages.required,
      path: ['chargingProfilePk'],
    }),
  reserve_now: z.object({
    ...base,
    connectorId,
    idTag: text(20),
    /** When the reservation ends (UTC ISO 8601), in the future and at most MAX_RESERVATION_HOURS ahead (checked by the server). */
    expiry: isoDateTime,
  }),
  cancel_reservation: z.object({ ...base, reservationId: z.number().int().min(1).max(INT4_MAX) }),
  get_composite_schedule: z.object({
    ...base,
    connectorId,
    /** Seconds ahead, at most a week. */
    durationInSeconds: z.number().int().min(1).max(604_800),
    chargingRateUnit: z.preprocess(emptyToUndefined, z.enum(chargingRateUnits).optional()),
  }),
  send_local_list: z
    .object({
      ...base,
      /** FULL: every tag that may charge at the station, with its status; DIFFERENTIAL: the tags chosen. */
      updateType: z.enum(localListUpdateTypes),
      /** DIFFERENTIAL: tags (of the caller's networks) to add or update. */
      addUpdateList: z.array(z.string().trim().min(1).max(20)).max(1000).default([]),
      /** DIFFERENTIAL: tag ids to remove from the station's list. */
      deleteList: z.array(z.string().trim().min(1).max(20)).max(1000).default([]),
    })
    .refine((b) => b.updateType === 'FULL' || b.addUpdateList.length + b.deleteList.length > 0, {
      message: operationMessages.localListEmpty,
      path: ['addUpdateList'],
    }),
  get_local_list_version: z.object(base),
} satisfies Record<OperationCommand, z.ZodTypeAny>;

export type CommandBody<C extends OperationCommand> = z.infer<(typeof commandBodySchemas)[C]>;

/** Any command's body (the route picks the schema by path; this is for OpenAPI). */
export const anyCommandBodySchema = z.object({ chargePointSelectList: stations }).passthrough();

export const commandAcceptedSchema = z.object({
  /** The task that follows the command; its progress arrives on /live. */
  taskId: z.number().int(),
  message: z.string(),
});
export type CommandAccepted = z.infer<typeof commandAcceptedSchema>;

// ---------------------------------------------------------------------------------------------
// Option data

export const operationOptionsQuerySchema = z.object({
  /** Remote start: tags whose id contains this text (up to 20). */
  idTag: queryText(20),
  /**
   * Station search: every whitespace-separated word is in the ChargeBox ID or the description
   * (case and accents ignored), as the station list searches.
   */
  searchInput: queryText(100),
  /**
   * At most this many stations of the search, online first, then by ChargeBox ID; the answer then
   * carries `count`. 0 answers none of the search (only `chargeBoxIds` and the command's other
   * choices: the remote start tag search). Absent: every station of the version in scope.
   */
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(MAX_OPTION_STATIONS).optional()),
  /**
   * Comma-separated ChargeBox IDs the user has already chosen: answered in addition to the search
   * (when of the version and in scope), with their per-station data.
   */
  chargeBoxIds: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(MAX_OPTION_STATIONS * 256)
      .transform((v, ctx) => {
        const ids = [
          ...new Set(
            v
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean),
          ),
        ];
        if (ids.length > MAX_OPTION_STATIONS) {
          ctx.addIssue({ code: 'custom', message: `At most ${MAX_OPTION_STATIONS} stations.` });
          return z.NEVER;
        }
        if (ids.some((id) => id.length > 255)) {
          ctx.addIssue({ code: 'custom', message: 'A ChargeBox ID has at most 255 characters.' });
          return z.NEVER;
        }
        return ids;
      })
      .optional(),
  ),
});
export type OperationOptionsQuery = z.infer<typeof operationOptionsQuerySchema>;

/** A recharge running on a station, as the remote stop offers it: who charges, where, since when. */
export const runningTransactionSchema = z.object({
  transactionId: z.number().int(),
  connectorId: z.number().int(),
  idTag: z.string(),
  /** The tag owner's name; null for a tag without a user. */
  userName: z.string().nullable(),
  /** UTC ISO 8601. */
  startTimestamp: z.string(),
});
export type RunningTransaction = z.infer<typeof runningTransactionSchema>;

const stationOptionSchema = z.object({
  chargeBoxId: z.string(),
  chargeBoxDescription: z.string().nullable(),
  hasPayment: z.boolean(),
  online: z.boolean(),
});

export const operationOptionsSchema = z.object({
  /** The search's stations (at most `size`), then the chosen ones (`chargeBoxIds`) it did not answer. */
  chargePointSelectList: z.array(stationOptionSchema),
  /** With `size`: how many stations of the version in scope match the search. */
  count: z.number().int().optional(),
  /** Per station: its connector ids. */
  connectorIds: z.record(z.string(), z.array(z.number().int())).optional(),
  /** Per station: its running transactions' ids. */
  transactionIds: z.record(z.string(), z.array(z.number().int())).optional(),
  /** remote_stop_transaction: per station, its running recharges with driver, tag, connector and start. */
  runningTransactions: z.record(z.string(), z.array(runningTransactionSchema)).optional(),
  idTagList: z.array(z.string()).optional(),
  availabilityTypes: z.array(z.enum(availabilityTypes)).optional(),
  resetTypes: z.array(z.enum(resetTypes)).optional(),
  ocppConfKeys: z.array(z.string()).optional(),
  triggerMessageTypes: z.array(z.enum(triggerMessageTypes)).optional(),
  /** set/clear_charging_profile: the saved profiles; remote_start_transaction: those of purpose TX_PROFILE. */
  profileList: z.array(z.object({ chargingProfilePk: z.number().int(), description: z.string() })).optional(),
  /** cancel_reservation: per station, its open reservations. */
  reservations: z
    .record(
      z.string(),
      z.array(
        z.object({
          reservationId: z.number().int(),
          connectorId: z.number().int(),
          idTag: z.string(),
          expiryDate: z.string(),
          status: z.enum(['REQUESTED', 'ACCEPTED']),
        }),
      ),
    )
    .optional(),
  /**
   * send_local_list / get_local_list_version: per station, the list version it holds as far as we
   * know (the last it accepted or reported; 0 when none), the size of the last full list it accepted,
   * and the version it last reported or accepted (null when never).
   */
  localLists: z
    .record(
      z.string(),
      z.object({ listVersion: z.number().int(), entries: z.number().int(), reportedVersion: z.number().int().nullable() }),
    )
    .optional(),
});
export type OperationOptions = z.infer<typeof operationOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Tasks

export const taskResultSchema = z.object({
  status: z.enum(taskResultStatuses),
  /**
   * The station's answer: its OCPP status ('Accepted', 'Rejected', 'Unlocked'…), the file name of
   * GetDiagnostics ('NoFile' without one), the list version of GetLocalListVersion; null until it answers.
   */
  response: z.string().nullable(),
  /** Why it failed (the screen words it in the user's language); null when it did not. */
  errorCode: z.enum(taskErrorCodes).nullable(),
  /** Technical detail of a failure: the station's CALLERROR code and text, for instance. */
  errorMessage: z.string().nullable(),
  /** True when GET operations/tasks/{taskId}/details/{chargeBoxId} has more (configuration keys). */
  hasDetail: z.boolean(),
});

export const taskSchema = z.object({
  taskId: z.number().int(),
  origin: z.enum(taskOrigins),
  issuer: z.string(),
  /** ISO 8601 with the offset of the asked time zone (UTC without one). */
  startTimestamp: z.string(),
  endTimestamp: z.string().nullable(),
  interrupted: z.boolean(),
  parameters: z.record(z.string(), z.unknown()),
  taskDetail: z.object({
    ocppVersion: z.enum(['1.5', '1.6']),
    operationName: z.string(),
    /** Per charge box id, of the stations in the caller's scope. */
    resultMap: z.record(z.string(), taskResultSchema),
  }),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListQuerySchema = z.object({
  timeZone: queryTimeZone,
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).optional()),
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).optional()),
});
export const taskListResponseSchema = z.object({ tasks: z.array(taskSchema), count: z.number().int() });
export type TaskListResponse = z.infer<typeof taskListResponseSchema>;

export const taskDetailResponseSchema = z.object({
  configurationKeys: z.array(z.object({ key: z.string(), value: z.string().nullable(), readonly: z.boolean().optional() })),
  unknownKeys: z.array(z.string()).optional(),
  /** Other commands' detail (a composite schedule, a data transfer's data). */
  data: z.unknown().optional(),
});
export type TaskDetailResponse = z.infer<typeof taskDetailResponseSchema>;

/** What /live carries on `<apiKey>/operations/task/<taskId>` while a task runs. */
export const liveTaskSchema = z.object({
  taskId: z.number().int(),
  done: z.boolean(),
  chargeBoxId: z.string(),
  result: taskResultSchema,
});
export type LiveTask = z.infer<typeof liveTaskSchema>;
