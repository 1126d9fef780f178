import { sql, type Expression, type RawBuilder } from 'kysely';
import { foldText } from '@recarga/contracts/text';

// Letters with diacritics of the product's languages (Portuguese, Spanish) and their plain forms,
// both cases: `translate` works on both databases without an extension, and `lower` of a
// non-ASCII capital depends on the server's locale, so capitals are folded here too.
const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny';

/**
 * A column folded the same way in SQL, for `folded(col) like likeContains(term)`. The constants are
 * written into the SQL (not bound), so a trigram index on the same expression serves it (migration
 * 0031 indexes stations' ids and names this way).
 */
export function folded(expr: Expression<string | null> | RawBuilder<string | null>): RawBuilder<string> {
  return sql<string>`lower(translate(coalesce(${expr}, ''), ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)}))`;
}

/** `%term%` for a LIKE on a folded column: case and accents ignored, wildcards in the term taken literally. */
export const likeContains = (term: string) => `%${foldText(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A name or text folded for a people search: case, accents and parentheses ignored. The constants
 * are written into the SQL (not bound), so a trigram index on the same expression serves it
 * (migration 0017 indexes users' names this way).
 */
export function foldedForSearch(expr: Expression<string | null> | RawBuilder<string | null>): RawBuilder<string> {
  return sql<string>`lower(translate(coalesce(${expr}, ''), ${sql.lit(`${ACCENTED}()`)}, ${sql.lit(PLAIN)}))`;
}

/** `%term%` for foldedForSearch: the term folded the same way, parentheses dropped. */
export const searchContains = (term: string) => likeContains(term.replace(/[()]/g, ''));
