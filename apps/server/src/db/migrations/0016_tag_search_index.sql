-- The tags list searches a part of the tag id (`lower(id_tag) like '%…%'`). On PostgreSQL a
-- trigram index answers that from an index at a million tags; where pg_trgm cannot be installed
-- (no privilege, the embedded database) the search still works, by scanning.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create extension if not exists pg_trgm;
  end if;
exception when others then
  null;
end $$;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index if not exists ocpp_tags_id_tag_trgm on ocpp_tags using gin (lower(id_tag) gin_trgm_ops)';
    execute 'create index if not exists unknown_tags_id_tag_trgm on unknown_tags using gin (lower(id_tag) gin_trgm_ops)';
  end if;
end $$;
