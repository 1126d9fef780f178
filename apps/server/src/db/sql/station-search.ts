import { sql, type RawBuilder } from 'kysely';
import { likeContains } from './like';

/** A station search's words beyond this many are ignored (the text is at most 100 characters). */
const SEARCH_MAX_WORDS = 8;

/**
 * The conditions of a station search on `cb` (charge_boxes): every word of the text is in the
 * ChargeBox ID or the description, case and accents ignored ('move sp 001' finds MOVE-SP-001), read
 * from the row's folded `search_text`. The
 * station list, its export, the pickers and the operations screen search with it.
 */
export function stationSearchConditions(search: string | undefined): RawBuilder<boolean>[] {
  return (search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, SEARCH_MAX_WORDS)
    .map((word) => {
      const p = likeContains(word);
      // charge_boxes.search_text: the ID and the name, folded (0034_station_search_text.sql).
      return sql<boolean>`${sql.ref('cb.search_text')} like ${p}`;
    });
}
