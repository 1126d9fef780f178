import {
  CO2_FACTOR_MAX,
  LIMIT_MAX,
  LOG_RETENTION_MAX,
  LOG_RETENTION_MIN,
  LOGO_MAX_BYTES,
  tenantSettingsMessages,
} from '@recarga/contracts/tenant-settings-constants';

/**
 * What the network settings (/config) and network administration (/admin) screens make of the
 * contract's limits and messages (@recarga/contracts/tenant-settings-constants, zod-free): the
 * numbers the translated messages name, and the server's field errors as translated form errors.
 */

export type ServerMessageName = keyof typeof tenantSettingsMessages;

/** The numbers the translated messages name (`{{min}}`, `{{max}}`, `{{co2Max}}`, `{{kb}}`, `{{limitMax}}`). */
export const messageValues = {
  min: LOG_RETENTION_MIN,
  max: LOG_RETENTION_MAX,
  co2Max: CO2_FACTOR_MAX,
  kb: LOGO_MAX_BYTES / 1024,
  limitMax: LIMIT_MAX,
} as const;

const byText = new Map<string, ServerMessageName>(
  (Object.entries(tenantSettingsMessages) as [ServerMessageName, string][]).map(([name, text]) => [text, name]),
);

/** The name of a server message, or null for a text the contract does not list (a generic message is shown). */
export function serverMessageName(text: string | undefined): ServerMessageName | null {
  return text === undefined ? null : (byText.get(text) ?? null);
}

/**
 * A 400's `fields` as form field errors: each field name (dotted for nested fields, `limits.stations`)
 * becomes a form path, each message a translated text; `translate` turns a message name (or null for
 * an unknown message) into the text shown.
 */
export function fieldErrorsOf(
  fields: Record<string, string> | undefined,
  translate: (name: ServerMessageName | null, field: string) => string,
): { name: (string | number)[]; errors: string[] }[] {
  return Object.entries(fields ?? {}).map(([field, text]) => ({
    name: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: [translate(serverMessageName(text), field)],
  }));
}
