import { z } from 'zod';
import { INT4_MAX } from './int4';
import { emptyToUndefined, queryId } from './query';
import {
  ALIAS_PATTERN,
  BRAND_NAME_MAX,
  CO2_FACTOR_MAX,
  EMAIL_MAX,
  HOST_MAX,
  HOST_PATTERN,
  HTTPS_URL_PATTERN,
  COLOUR_PATTERN,
  LIMIT_MAX,
  LOG_RETENTION_MAX,
  LOG_RETENTION_MIN,
  LOGO_MAX_BYTES,
  PUSH_JSON_MAX,
  TENANT_ALIAS_MAX,
  TENANT_NAME_MAX,
  URL_MAX,
  tenantSettingsMessages,
} from './tenant-settings-constants';

/**
 * A network's own settings (/config) and the administrators' tenant screen (/admin) — issue 21
 * item 8. The route table names both paths without describing them; what they hold is decided in
 * docs/decisions.md. Every change is audited (who, when, before and after). Paths under /api/.
 *
 * /config: permission '/config'; the tenant is the caller's own unless `?tenant=` names another
 * in scope. /admin: permission '/admin' and role DASH_ADMIN; limits, modules, parent and theme
 * only of tenants strictly below the caller's own (nobody raises their own plan).
 */

const text = (max: number) =>
  z
    .string({ error: tenantSettingsMessages.required })
    .trim()
    .min(1, tenantSettingsMessages.required)
    .max(max, tenantSettingsMessages.tooLong);

/** Optional text: '' or null clears it (stored as null). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional()).transform((v) => v ?? null);

const color = z
  .string()
  .trim()
  .regex(COLOUR_PATTERN, tenantSettingsMessages.colorInvalid)
  .transform((v) => v.toLowerCase());
const httpsUrl = z.string().trim().max(URL_MAX, tenantSettingsMessages.tooLong).regex(HTTPS_URL_PATTERN, tenantSettingsMessages.urlInvalid);
const email = z.string().trim().max(EMAIL_MAX, tenantSettingsMessages.tooLong).pipe(z.email(tenantSettingsMessages.emailInvalid));

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const limit = optional(
  z.coerce
    .number({ error: tenantSettingsMessages.limitInvalid })
    .int(tenantSettingsMessages.limitInvalid)
    .min(0, tenantSettingsMessages.limitInvalid)
    .max(LIMIT_MAX, tenantSettingsMessages.limitInvalid),
);

export const tenantLimitsSchema = z.object({
  stations: z.number().int().nullable(),
  users: z.number().int().nullable(),
  monthlyReports: z.number().int().nullable(),
});
export type TenantLimits = z.infer<typeof tenantLimitsSchema>;

const modulesSchema = z.object({ monetization: z.boolean(), vouchers: z.boolean(), smartCharging: z.boolean() });

/** `?tenant=` of the /config calls: a tenant in scope; absent = the caller's own. */
export const tenantSettingsQuerySchema = z.object({ tenant: queryId });
export type TenantSettingsQuery = z.infer<typeof tenantSettingsQuerySchema>;

/** GET /api/config/ — what the network's operators see and may change. */
export const tenantSettingsSchema = z.object({
  tenantPk: z.number().int().max(INT4_MAX),
  /** The network's registered name (changed in /admin). */
  name: z.string(),
  theme: z.string(),
  country: z.string(),
  currency: z.string(),
  language: z.string(),
  /** Brand name shown in the shell and the sign-in page; null = the theme's. */
  brandName: z.string().nullable(),
  /** The uploaded logo's address (served by GET /api/tenant-logos/{tenantPk}/{version}); null = the theme's. */
  logoUrl: z.string().nullable(),
  /** Brand colours; null = the theme's. */
  primaryColor: z.string().nullable(),
  darkColor: z.string().nullable(),
  /** The theme's own colours, for the form's "reset" and preview. */
  themeColors: z.object({ primary: z.string(), dark: z.string() }),
  termsOfUseUrl: z.string().nullable(),
  /** Where support mail goes; null = the nearest ancestor's, else the server's SUPPORT_MAIL_TO. */
  supportEmail: z.string().nullable(),
  /** The QR token the connector QR codes carry; null until first made. */
  qrToken: z.string().nullable(),
  /** FCM service account: never the private key, only what identifies it. */
  push: z.object({ configured: z.boolean(), projectId: z.string().nullable(), clientEmail: z.string().nullable() }),
  /** kg CO₂/kWh; null = the country's default (`co2FactorDefault`). */
  co2Factor: z.number().nullable(),
  co2FactorDefault: z.number(),
  /** IANA zone; null = the country's. */
  timeZone: z.string().nullable(),
  logRetentionDays: z.number().int(),
  /** Plan limits (null = unlimited), set in /admin; shown read-only with their use. */
  limits: tenantLimitsSchema,
  usage: z.object({ stations: z.number().int(), users: z.number().int(), reportsThisMonth: z.number().int() }),
  modules: modulesSchema,
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

/** PUT /api/config/ — every editable field; '' or null clears an optional one. */
export const tenantSettingsUpdateSchema = z.object({
  brandName: optional(z.string().trim().max(BRAND_NAME_MAX, tenantSettingsMessages.tooLong)),
  primaryColor: optional(color),
  darkColor: optional(color),
  termsOfUseUrl: optional(httpsUrl),
  supportEmail: optional(email),
  co2Factor: optional(
    z.coerce
      .number({ error: tenantSettingsMessages.co2Invalid })
      .min(0, tenantSettingsMessages.co2Invalid)
      .max(CO2_FACTOR_MAX, tenantSettingsMessages.co2Invalid),
  ),
  timeZone: optional(z.string().trim().max(64).refine(isTimeZone, tenantSettingsMessages.timeZoneInvalid)),
  logRetentionDays: z.coerce
    .number({ error: tenantSettingsMessages.retentionInvalid })
    .int(tenantSettingsMessages.retentionInvalid)
    .min(LOG_RETENTION_MIN, tenantSettingsMessages.retentionInvalid)
    .max(LOG_RETENTION_MAX, tenantSettingsMessages.retentionInvalid),
});
export type TenantSettingsUpdate = z.input<typeof tenantSettingsUpdateSchema>;
export type TenantSettingsUpdateInput = z.output<typeof tenantSettingsUpdateSchema>;

/** PUT /api/config/logo — the image as a data: URL (base64). */
export const tenantLogoUploadSchema = z.object({
  dataUrl: z.string().max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 100, tenantSettingsMessages.logoTooLarge),
});
export type TenantLogoUpload = z.infer<typeof tenantLogoUploadSchema>;

/** PUT /api/config/push-credentials — the FCM service account JSON, as downloaded from Firebase. */
export const pushCredentialsUploadSchema = z.object({ serviceAccountJson: z.string().min(2).max(PUSH_JSON_MAX) });
export type PushCredentialsUpload = z.infer<typeof pushCredentialsUploadSchema>;

/** POST /api/config/qr-token — a new token; the QR codes printed with the old one stop working. */
export const qrTokenResponseSchema = z.object({ qrToken: z.string() });

/** One audited change. `before`/`after` hold only the fields that changed (secrets as '•••'). */
export const tenantAuditEntrySchema = z.object({
  auditPk: z.number().int(),
  tenantPk: z.number().int(),
  tenantName: z.string(),
  userPk: z.number().int().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  area: z.enum(['config', 'admin']),
  /** e.g. 'settings.update', 'logo.update', 'qr-token.rotate', 'tenant.create', 'host.add'. */
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type TenantAuditEntry = z.infer<typeof tenantAuditEntrySchema>;

/** GET /api/config/audit?tenant=&page= and GET /api/admin/audit?tenant=&page= (page from 1, size 10, newest first). */
export const auditQuerySchema = z.object({
  tenant: queryId,
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditPageSchema = z.object({ results: z.array(tenantAuditEntrySchema), count: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/* ---------------------------------------------------------------- /admin */

export const tenantHostSchema = z.object({
  host: z.string(),
  termsOfUseUrl: z.string().nullable(),
  deepLinkHost: z.string().nullable(),
});
export type TenantHost = z.infer<typeof tenantHostSchema>;

/** GET /api/admin/tenants — the caller's tenant and every tenant below it, parents before children. */
export const adminTenantSchema = z.object({
  tenantPk: z.number().int(),
  parentTenantPk: z.number().int().nullable(),
  /** 0 for the caller's own tenant, 1 for its children, … */
  depth: z.number().int(),
  name: z.string(),
  alias: z.string(),
  theme: z.string(),
  country: z.string(),
  currency: z.string(),
  language: z.string(),
  smsEnabled: z.boolean(),
  invoicingEnabled: z.boolean(),
  deviceReader: z.boolean(),
  limits: tenantLimitsSchema,
  usage: z.object({ stations: z.number().int(), users: z.number().int() }),
  modules: modulesSchema,
  hosts: z.array(tenantHostSchema),
  /** False for the caller's own tenant: its plan, modules, parent and theme are changed from above. */
  editable: z.boolean(),
  createdAt: z.string(),
});
export type AdminTenant = z.infer<typeof adminTenantSchema>;
export const adminTenantListSchema = z.object({ tenants: z.array(adminTenantSchema) });
export type AdminTenantList = z.infer<typeof adminTenantListSchema>;

const hostName = z
  .string({ error: tenantSettingsMessages.required })
  .trim()
  .toLowerCase()
  .max(HOST_MAX, tenantSettingsMessages.tooLong)
  .regex(HOST_PATTERN, tenantSettingsMessages.hostInvalid);

const tenantFields = {
  name: text(TENANT_NAME_MAX),
  alias: text(TENANT_ALIAS_MAX).pipe(z.string().regex(ALIAS_PATTERN, tenantSettingsMessages.aliasInvalid)),
  theme: text(20),
  smsEnabled: z.boolean().default(false),
  invoicingEnabled: z.boolean().default(false),
  deviceReader: z.boolean().default(false),
  limits: z.object({ stations: limit, users: limit, monthlyReports: limit }),
  modules: modulesSchema,
};

/** POST /api/admin/tenants — a new network below one in scope. Country, currency and language are fixed at creation (the ledger is in its currency). */
export const adminTenantCreateSchema = z.object({
  parentTenantPk: z.coerce.number({ error: tenantSettingsMessages.parentInvalid }).int().positive().max(INT4_MAX),
  ...tenantFields,
  country: z.enum(['BR', 'CO', 'EC', 'UY']),
  currency: z.enum(['BRL', 'COP', 'USD']),
  language: z.enum(['br', 'en', 'es-CO', 'es-EC', 'es-UY']),
});
export type AdminTenantCreate = z.input<typeof adminTenantCreateSchema>;
export type AdminTenantCreateInput = z.output<typeof adminTenantCreateSchema>;

/** PUT /api/admin/tenants/{tenantPk} — the whole editable record (a move re-parents its subtree). */
export const adminTenantUpdateSchema = z.object({
  parentTenantPk: z.coerce.number({ error: tenantSettingsMessages.parentInvalid }).int().positive().max(INT4_MAX),
  ...tenantFields,
});
export type AdminTenantUpdate = z.input<typeof adminTenantUpdateSchema>;
export type AdminTenantUpdateInput = z.output<typeof adminTenantUpdateSchema>;

export const adminTenantParamsSchema = z.object({ tenantPk: z.coerce.number().int().positive().max(INT4_MAX) });

/** POST /api/admin/tenants/{tenantPk}/hosts and PUT …/hosts/{host}: a host name that opens this network's brand. */
export const adminHostSchema = z.object({
  host: hostName,
  termsOfUseUrl: optional(httpsUrl),
  deepLinkHost: optional(hostName),
});
export type AdminHost = z.input<typeof adminHostSchema>;
export type AdminHostInput = z.output<typeof adminHostSchema>;
export const adminHostParamsSchema = z.object({ tenantPk: z.coerce.number().int().positive().max(INT4_MAX), host: hostName });
