import { z } from 'zod';

/**
 * The per-tenant operational log (001 §2 Logs, §7 `GET log/?tenant=`, `GET log/download?tenant=`;
 * 002 §6 gating): what the server did for a tenant's stations and users, one line per event.
 */

/** Levels of a log line, mildest first. */
export const logLevels = ['INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof logLevels)[number];

/** What a line is about. */
export const logCategories = ['ocpp', 'command', 'smart-charging', 'sign-in'] as const;
export type LogCategory = (typeof logCategories)[number];

/** The answer of `GET log/` when the day has no line (001 §2: the screen shows a notice for it). */
export const LOG_NOT_AVAILABLE = 'Not available';

/** Messages the spec quotes (001 §8 Logs), as the screen shows them in pt-BR. */
export const logMessages = {
  downloadFailed: 'Não foi possível fazer o download dos logs do dia',
  listsFailed: 'Erro ao carregar listas',
  tenantNotFound: 'Tenant not found',
  dayOutOfRetention: 'The day is outside the tenant’s log retention',
} as const;

/** Paths under the operator backend. */
export const logPaths = { text: 'log/', download: 'log/download' } as const;

/** Retention of a tenant's lines, in days (tenants.log_retention_days). */
export const LOG_RETENTION_DEFAULT_DAYS = 30;
export const LOG_RETENTION_MAX_DAYS = 3650;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `tenant` is a tenant's name (its alias is accepted too); `day` a local date, default today. */
export const logQuerySchema = z.object({
  tenant: z.string().trim().min(1, 'Choose a tenant.').max(255, 'At most 255 characters.'),
  day: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.')
      .refine((d) => {
        const [y, m, day] = d.split('-').map(Number) as [number, number, number];
        const t = new Date(Date.UTC(y, m - 1, day));
        return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === day;
      }, 'Not a calendar date.')
      .optional(),
  ),
});
export type LogQuery = z.infer<typeof logQuerySchema>;

/**
 * The answer of `GET log/`: plain text, one line per event ('DD/MM/YYYY HH:mm:ss LEVEL [station] text' in
 * Portuguese and Spanish, 'YYYY-MM-DD …' in English; the tenant's language), or 'Not available'.
 */
export const logTextSchema = z.string();

/** The level of a rendered line (for colouring), or null for a line that is not one. */
export function levelOfLine(line: string): LogLevel | null {
  const m = /^(?:\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4}) \d{2}:\d{2}:\d{2} (INFO|WARN|ERROR)\b/.exec(line);
  return m ? (m[1] as LogLevel) : null;
}
