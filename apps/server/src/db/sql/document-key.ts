import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * A stored document number's key in SQL, the twin of `documentKey` (platform/text.ts): capitals,
 * letters and digits only. The constants are written into the SQL (not bound), so the index of
 * migration 0046 on the same expression serves the lookups.
 */
export function documentKeySql(expr: Expression<string | null> | RawBuilder<string | null>): RawBuilder<string> {
  return sql<string>`regexp_replace(upper(${expr}), ${sql.lit('[^0-9A-Z]')}, ${sql.lit('')}, ${sql.lit('g')})`;
}
