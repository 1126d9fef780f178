import { z } from 'zod';
import { INT4_MAX } from './query';
import { captchaProviders } from './startup';

/** One entry of a user's permission list: a dashboard route or a role id, each with a status. */
const permissionEntrySchema = z.object({
  route: z.string().optional(),
  role_id: z.string().optional(),
  status: z.boolean(),
});
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

const loginUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tenant_pk: z.number().int().max(INT4_MAX),
  permissions: z.array(permissionEntrySchema),
});
export type LoginUser = z.infer<typeof loginUserSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1).max(80),
  password: z.string().min(1).max(128),
  recaptchaResponse: z.string().default(''),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: loginUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const sendCodeRequestSchema = z.object({
  email: z.string().trim().min(1).max(80),
  recaptchaResponse: z.string().default(''),
});
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>;

/** The recovery calls answer `{ data: { error } }`; `error` true means failure. */
export const recoveryResponseSchema = z.object({
  data: z.object({ error: z.boolean(), message: z.string() }),
});
export type RecoveryResponse = z.infer<typeof recoveryResponseSchema>;

/** 000 §"Password change": what a code check answers when it fails (410 and 400). */
export const recoveryMessages = {
  expired: 'The code has expired.',
  invalid: 'Check that the entered code is valid.',
} as const;

export const changePasswordRequestSchema = z.object({
  email: z.string().trim().min(1).max(80),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  password: z.string().min(6).max(20),
  recaptchaResponse: z.string().default(''),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Error body of every 4xx answer. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Public captcha settings and challenge (ALTCHA proof of work). */
export const captchaProviderSchema = z.enum(captchaProviders);
export { startupHeaders, type CaptchaProvider } from './startup';
