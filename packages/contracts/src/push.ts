import { z } from 'zod';
import { emptyToUndefined } from './query';
import { supportMessageText } from './support';

/**
 * Push notifications (001 §2 Push notification, §3, §5, §7 `POST push-notification`, §8) to the
 * app users of the sender's network. Paths under /api/.
 */

export const PUSH_PAGE_SIZE = 10;
export const pushStatuses = ['sending', 'sent', 'partial', 'failed'] as const;
export type PushStatus = (typeof pushStatuses)[number];
export const pushPlatforms = ['android', 'ios', 'web'] as const;
export type PushPlatform = (typeof pushPlatforms)[number];

export const pushMessages = {
  sent: 'Push Notification sent successfully!',
  noRecipients: 'No app user of this network has a device registered for push notifications.',
  providerFailed: 'The push service could not deliver the notification; it was stored as failed.',
} as const;

/** POST /api/push-notification/ — the message: required, at most 255 characters (001 §5). */
export const pushRequestSchema = z.object({ message: supportMessageText });
export type PushRequest = z.input<typeof pushRequestSchema>;

export const pushNotificationSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  senderName: z.string(),
  message: z.string(),
  /** App users reached (distinct users with a registered device). */
  recipients: z.number().int(),
  /** Their devices, and how many the provider accepted. */
  devices: z.number().int(),
  delivered: z.number().int(),
  provider: z.string(),
  status: z.enum(pushStatuses),
  error: z.string().nullable(),
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;

export const pushSendResponseSchema = z.object({ message: z.string(), notification: pushNotificationSchema });
export type PushSendResponse = z.infer<typeof pushSendResponseSchema>;

export const pushListQuerySchema = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(PUSH_PAGE_SIZE)),
});
export type PushListQuery = z.infer<typeof pushListQuerySchema>;

export const pushListResponseSchema = z.object({
  content: z.array(pushNotificationSchema),
  totalElements: z.number().int(),
});
export type PushListResponse = z.infer<typeof pushListResponseSchema>;
