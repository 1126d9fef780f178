-- A station search (db/sql/station-search.ts: the station list and its export, the pickers, the
-- operations screen) wants every word of the text in the ChargeBox ID or the name, folded as
-- db/sql/like.ts `folded` does (case and accents ignored; the same constants, written out). Folding
-- both columns of every row was most of the cost of a word that nearly every station holds (a count
-- at 33,000 stations: 76 ms). The folded text is kept in the row, the ID and the name joined by a
-- space (a word never holds one, so no word matches across the two); on PostgreSQL a trigram index
-- answers the narrow searches without reading every row (the embedded database scans).
alter table charge_boxes add column search_text text generated always as (
  lower(translate(charge_box_id || ' ' || coalesce(description, ''),
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny'))
) stored;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index if not exists charge_boxes_search_text_trgm on charge_boxes using gin (search_text gin_trgm_ops)';
  end if;
end $$;
