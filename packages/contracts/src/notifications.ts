import { z } from 'zod';
import { INT4_MAX } from './query';
import { NOTIFICATION_LIMIT_DEFAULT, NOTIFICATION_LIMIT_MAX, notificationTypes } from './notification-types';

// The event types and list limits are in notification-types.ts (no zod: the header's bell, on
// every signed-in screen, filters and caps its list with them).
export { alertNotificationTypes, NOTIFICATION_LIMIT_DEFAULT, NOTIFICATION_LIMIT_MAX, type NotificationType } from './notification-types';

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
