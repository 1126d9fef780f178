import { z } from 'zod';
import { INT4_MAX } from './query';
import { emptyToUndefined, queryId, queryText } from './query';
import {
  ALERTS_PAGE_SIZE,
  ALERTS_PAGE_SIZE_MAX,
  alertSeverities,
  alertSortKeys,
  NOTIFICATION_LIMIT_DEFAULT,
  NOTIFICATION_LIMIT_MAX,
  notificationTypes,
} from './notification-types';

// The event types and list limits are in notification-types.ts (no zod: the header's bell, on
// every signed-in screen, filters and caps its list with them).
export {
  alertNotificationTypes,
  alertSeverities,
  NOTIFICATION_LIMIT_DEFAULT,
  NOTIFICATION_LIMIT_MAX,
  type AlertSeverity,
  type NotificationType,
} from './notification-types';

const notificationTypeSchema = z.enum(notificationTypes);

/** One station event (000 §3 Notification). */
export const notificationSchema = z.object({
  chargeBoxId: z.string(),
  chargeBoxName: z.string(),
  connectorId: z.number().int().max(INT4_MAX).nullable(),
  type: notificationTypeSchema,
  /** ISO 8601, UTC. */
  notificationTimestampDT: z.string(),
  userName: z.string().nullable(),
  transactionId: z.number().int().max(INT4_MAX).nullable(),
  connectorErrorMsg: z.string().nullable(),
  connectorErrorCode: z.string().nullable(),
  addressState: z.string().nullable(),
  addressCity: z.string().nullable(),
  addressStreet: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notification/chargeBox/ query. */
export const notificationListQuerySchema = z.object({
  /** Comma-separated charge box ids. */
  chargeBoxIds: z
    .string()
    .max(20_000)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    ),
  userPk: z.coerce.number().int().max(INT4_MAX).positive().optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMIT_MAX).default(NOTIFICATION_LIMIT_DEFAULT),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({ notificationList: z.array(notificationSchema) });
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** One alert: a station event with what an operator needs to triage it. */
export const alertSchema = notificationSchema.extend({
  notificationId: z.number().int(),
  severity: z.enum(alertSeverities),
  /** When the central system received the event, ISO 8601 UTC; lists are ordered by it. */
  receivedAtDT: z.string(),
  /** The station's time is ahead of the time received by more than STATION_CLOCK_AHEAD_MS. */
  stationClockAhead: z.boolean(),
  acknowledgedAtDT: z.string().nullable(),
  /** Name of the user who acknowledged it (null when not acknowledged or the user was removed). */
  acknowledgedBy: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** A comma-separated list of allowed values in a query string ('fault,offline'); empty means all. */
const csvOf = <T extends string>(values: readonly [T, ...T[]]) =>
  z.preprocess(
    (v) => {
      const raw = emptyToUndefined(v);
      if (raw === undefined) return undefined;
      return String(raw)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    },
    z
      .array(z.enum(values))
      .max(values.length * 2)
      .optional(),
  );

const queryInstant = z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true }).optional());

/** GET /api/notification/alerts/ query: filters, order and page, all applied in SQL. */
export const alertListQuerySchema = z
  .object({
    /** 1-based page number. */
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
    size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(ALERTS_PAGE_SIZE_MAX).default(ALERTS_PAGE_SIZE)),
    /** Station name or ChargeBox ID; spaces, case and accents ignored. */
    search: queryText(100),
    severity: csvOf(alertSeverities),
    type: csvOf(notificationTypes),
    /** Only this station's events (its key, as the station picker gives it). */
    chargeBoxPk: queryId,
    /** Received at or after this instant. */
    from: queryInstant,
    /** Received before this instant. */
    to: queryInstant,
    /** true: acknowledged only; false: not yet acknowledged only. */
    acknowledged: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
    sort: z.preprocess(emptyToUndefined, z.enum(alertSortKeys).default('date')),
    order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).default('desc')),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    message: 'A data inicial deve ser menor que a data final',
  });
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

export const alertListResponseSchema = z.object({ content: z.array(alertSchema), totalElements: z.number().int() });
export type AlertListResponse = z.infer<typeof alertListResponseSchema>;

const notificationIds = z.array(z.number().int().positive()).min(1).max(1000);

/** POST /api/notification/acknowledge/ body: acknowledging again keeps the first who and when. */
export const acknowledgeAlertsBodySchema = z.object({ notificationIds });
export type AcknowledgeAlertsBody = z.infer<typeof acknowledgeAlertsBodySchema>;
export const acknowledgeAlertsResponseSchema = z.object({ content: z.array(alertSchema) });
export type AcknowledgeAlertsResponse = z.infer<typeof acknowledgeAlertsResponseSchema>;

/** One event in the caller's bell, with whether the caller has read it. */
export const bellItemSchema = alertSchema.extend({ read: z.boolean() });
export type BellItem = z.infer<typeof bellItemSchema>;

/** GET /api/notification/bell/: the newest Failure, Warning and Disconnected events and the caller's unread count. */
export const bellResponseSchema = z.object({
  notificationList: z.array(bellItemSchema),
  /** Unread events, counted up to BELL_UNREAD_CAP + 1 (the bell shows "99+" beyond). */
  unreadCount: z.number().int(),
});
export type BellResponse = z.infer<typeof bellResponseSchema>;

/** POST /api/notification/read/ body: these events are read by the caller. */
export const markReadBodySchema = z.object({ notificationIds });
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

/** The caller's notification preferences: which event types pop up as toasts. */
export const notificationPreferencesSchema = z.object({
  toastTypes: z.array(z.enum(notificationTypes)).max(notificationTypes.length),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
