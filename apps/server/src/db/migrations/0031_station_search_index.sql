-- The station search of the station list, the transactions and financial screens and the virtual
-- groups' picker matches a part of the station's id or name, folded (db/sql/like.ts `folded`: case
-- and accents ignored; the same expression as below, constants written out). On PostgreSQL trigram
-- indexes answer it at 50,000 stations without reading them all; where pg_trgm cannot be installed
-- (the embedded database) the search still works, by scanning.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute $i$create index if not exists charge_boxes_id_search_trgm on charge_boxes using gin
      (lower(translate(coalesce(charge_box_id, ''), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny')) gin_trgm_ops)$i$;
    execute $i$create index if not exists charge_boxes_description_search_trgm on charge_boxes using gin
      (lower(translate(coalesce(description, ''), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny')) gin_trgm_ops)$i$;
  end if;
end $$;
