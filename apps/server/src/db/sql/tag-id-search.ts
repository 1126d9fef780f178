import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db';
import { foldText } from '@recarga/contracts/text';
import { likeContains } from './like';

/**
 * The pieces of a folded search text that `id_tag_grams` (migration 0037) indexes: its distinct
 * substrings of five characters, or of three for a text of three or four, cut by characters (not
 * UTF-16 units) as the database cuts them. Every id holding the text holds them all. None under three.
 */
export function idTagGrams(text: string): string[] {
  const chars = Array.from(text);
  const n = chars.length >= 5 ? 5 : 3;
  const grams = new Set<string>();
  for (let i = 0; i + n <= chars.length; i++) grams.add(chars.slice(i, i + n).join(''));
  return [...grams];
}

/**
 * `lower(tag.id_tag)` holds the text, case and accents of the text ignored: the LIKE that decides,
 * and beside it the text's pieces, which the gram index of ocpp_tags serves (a tags search's page,
 * the remote start's tag picker). Run it through onGramIndex.
 */
export function idTagContains(idTag: string, text: string): RawBuilder<boolean> {
  const column = sql.ref(idTag);
  const like = sql<boolean>`lower(${column}) like ${likeContains(text)}`;
  const grams = idTagGrams(foldText(text));
  return grams.length ? sql<boolean>`(${like} and id_tag_grams(lower(${column})) @> ${grams}::text[])` : like;
}

/**
 * Runs a query of the gram index's matches with the planner held to that index: no sequential scan
 * (which would cut every row's pieces again, ≈9 µs a row: seconds at a million) and no parallel
 * workers (starting them cost more than the 100,000 matches of an old batch take to read). Inside a
 * caller's transaction the settings would outlive the query: there the planner chooses alone.
 */
export async function onGramIndex<T>(db: Executor, query: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.isTransaction) return query(db);
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx);
    return query(trx);
  });
}
