import { z } from 'zod';
import { emptyToUndefined } from './query';

/**
 * Support mail (001 §2 Support, §3, §5, §7 `POST settings/supportMail`, §8) and the public contact
 * form (001 §2 Contact page) — both go through the server's one support service. Paths under /api/.
 */

/** 001 §5: the message is required and at most 255 characters (support and push alike). */
export const SUPPORT_MESSAGE_MAX = 255;
export const SUPPORT_PAGE_SIZE = 5;
export const supportSubjects = ['general', 'complaint', 'suggestion'] as const;
export type SupportSubject = (typeof supportSubjects)[number];
export const supportStatuses = ['sending', 'sent', 'failed'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

/** Contact form field limits. */
export const CONTACT_LIMITS = { name: 60, email: 80, phone: 20 } as const;

/** Server messages (the web shows its own, translated, by code or field). */
export const supportMessages = {
  messageRequired: 'The message field is required.',
  messageTooLong: `At most ${SUPPORT_MESSAGE_MAX} characters.`,
  required: 'Required field.',
  tooLong: 'Too long.',
  emailInvalid: 'Invalid e-mail.',
  phoneInvalid: 'Invalid phone number.',
  sent: 'Message sent successfully!',
  mailFailed: 'The message could not be delivered; it was stored as failed.',
  noAddress: 'No support address is configured for this network; the message was stored as failed.',
  throttled: 'Too many messages. Try again later.',
  unknownTenant: 'Unknown network (Api-Key).',
  captcha: 'Human verification failed',
} as const;

/** The message text: trimmed, required, at most 255 characters. */
export const supportMessageText = z
  .string({ error: supportMessages.messageRequired })
  .trim()
  .min(1, supportMessages.messageRequired)
  .max(SUPPORT_MESSAGE_MAX, supportMessages.messageTooLong);

const subject = z.preprocess(emptyToUndefined, z.enum(supportSubjects).default('general'));

/** POST /api/settings/supportMail/ */
export const supportMailRequestSchema = z.object({
  subject,
  message: supportMessageText,
});
export type SupportMailRequest = z.input<typeof supportMailRequestSchema>;
export type SupportMailInput = z.output<typeof supportMailRequestSchema>;

const text = (max: number) =>
  z.string({ error: supportMessages.required }).trim().min(1, supportMessages.required).max(max, supportMessages.tooLong);

/** POST /api/contact/ — public, with the captcha's response. */
export const contactRequestSchema = z.object({
  firstName: text(CONTACT_LIMITS.name),
  lastName: text(CONTACT_LIMITS.name),
  email: text(CONTACT_LIMITS.email).pipe(z.email(supportMessages.emailInvalid)),
  phone: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(CONTACT_LIMITS.phone, supportMessages.tooLong)
      .regex(/^\+?[0-9 ()-]{8,20}$/, supportMessages.phoneInvalid)
      .optional(),
  ),
  subject,
  message: supportMessageText,
  recaptchaResponse: z.string().max(10_000).default(''),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactInput = z.output<typeof contactRequestSchema>;

/** One message as its sender sees it below the form. */
export const supportMessageSchema = z.object({
  id: z.number().int(),
  subject: z.enum(supportSubjects),
  message: z.string(),
  status: z.enum(supportStatuses),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportSendResponseSchema = z.object({ message: z.string(), supportMessage: supportMessageSchema });
export type SupportSendResponse = z.infer<typeof supportSendResponseSchema>;

export const contactResponseSchema = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

const pageParam = z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1));

/** GET /api/settings/supportMail/ — the caller's own messages, newest first. */
export const supportListQuerySchema = z.object({
  page: pageParam,
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(SUPPORT_PAGE_SIZE)),
});
export type SupportListQuery = z.infer<typeof supportListQuerySchema>;

export const supportListResponseSchema = z.object({
  content: z.array(supportMessageSchema),
  totalElements: z.number().int(),
});
export type SupportListResponse = z.infer<typeof supportListResponseSchema>;
