/**
 * Limits, patterns and messages of the network settings (/config) and network administration
 * (/admin), without zod: the schemas in tenant-settings.ts are built from them, and the web's
 * screens read them without loading zod.
 */

export const LOG_RETENTION_MIN = 1;
export const LOG_RETENTION_MAX = 3650;
/** kg CO₂ per kWh. */
export const CO2_FACTOR_MAX = 2;
export const LOGO_MAX_BYTES = 200 * 1024;
export const logoMediaTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const TENANT_NAME_MAX = 80;
export const TENANT_ALIAS_MAX = 40;
export const BRAND_NAME_MAX = 40;
export const HOST_MAX = 253;
export const URL_MAX = 500;
export const EMAIL_MAX = 120;
export const AUDIT_PAGE_SIZE = 10;
/** A plan limit: a whole number up to this; empty = unlimited. */
export const LIMIT_MAX = 1_000_000;
/** The service-account file: the contract takes at most this many characters. */
export const PUSH_JSON_MAX = 10_000;

export const tenantModules = ['monetization', 'vouchers', 'smartCharging'] as const;
export type TenantModule = (typeof tenantModules)[number];
export type TenantModules = Record<TenantModule, boolean>;

export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const HTTPS_URL_PATTERN = /^https:\/\/[^\s/?#]+[^\s]*$/i;
export const ALIAS_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const HOST_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Server messages; the web shows its own, translated, by name (`config:errors.<name>`). */
export const tenantSettingsMessages = {
  required: 'Required field.',
  tooLong: 'Too long.',
  colorInvalid: 'Use a colour as #RRGGBB.',
  urlInvalid: 'Use an address starting with https://.',
  emailInvalid: 'Invalid e-mail.',
  co2Invalid: `Use a factor between 0 and ${CO2_FACTOR_MAX} kg CO₂/kWh.`,
  retentionInvalid: `Use between ${LOG_RETENTION_MIN} and ${LOG_RETENTION_MAX} days.`,
  timeZoneInvalid: 'Unknown time zone (use an IANA name such as America/Sao_Paulo).',
  limitInvalid: `Use a whole number between 0 and ${LIMIT_MAX}, or leave empty for unlimited.`,
  logoType: 'The logo must be a PNG, JPEG or WebP image.',
  logoTooLarge: `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`,
  pushCredentialsInvalid: 'Not a Firebase service account (JSON with project_id, client_email and private_key).',
  hostInvalid: 'Use a host name such as painel.example.com (letters, digits, dots and hyphens).',
  hostTaken: 'This host name already opens another network.',
  aliasTaken: 'Another network already uses this alias.',
  aliasInvalid: 'Use lower-case letters, digits and hyphens.',
  parentInvalid: 'The parent must be a network in your scope and not this network or one below it.',
  notBelow: 'Only networks below your own can have their plan, modules, parent or brand changed here.',
  themeInvalid: 'Unknown theme.',
  saved: 'Settings saved.',
} as const;
