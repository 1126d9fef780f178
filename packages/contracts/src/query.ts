import { z } from 'zod';
import { INT4_MAX } from './int4';

/** Query strings carry text; a cleared field arrives as '' (or null): both mean absent. */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** 'true' / 'false' (also 1/0) in a query string. */
export const queryBoolean = z.preprocess(
  emptyToUndefined,
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
);

export { INT4_MAX } from './int4';

/** A positive integer id in a query string (a PostgreSQL integer: up to 2^31-1); empty means absent. */
export const queryId = z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(INT4_MAX).optional());

export const queryText = (max: number) => z.preprocess(emptyToUndefined, z.string().max(max).optional());

/** True for an IANA time-zone name this runtime knows ('America/Sao_Paulo', 'UTC'). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const TIME_ZONE_MESSAGE = 'Unknown time zone (use an IANA name such as America/Sao_Paulo).';

/** The `timeZone` query parameter: an IANA name; empty means absent (the call's default, UTC). */
export const queryTimeZone = z.preprocess(emptyToUndefined, z.string().max(64).refine(isTimeZone, TIME_ZONE_MESSAGE).optional());
