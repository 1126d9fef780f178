import { z } from 'zod';
import { INT4_MAX } from './query';

/** Event types of stations and connectors (000 §4). Warning is shown as "Short Recharge". */
const notificationTypes = [
  'Available',
  'Disconnected',
  'Connected',
  'StationBooted',
  'TransactionStarted',
  'TransactionEnded',
  'Failure',
  'Warning',
] as const;
const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** The types the header's notification dropdown shows (000 §2). */
export const alertNotificationTypes: readonly NotificationType[] = ['Failure', 'Warning', 'Disconnected'];

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

export const NOTIFICATION_LIMIT_DEFAULT = 100;
export const NOTIFICATION_LIMIT_MAX = 1000;

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
