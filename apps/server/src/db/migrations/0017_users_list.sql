-- The users list (001 §2): a driver's car as the driver app registers it, and the indexes that keep
-- the list and its search fast at a million users. The search folds case, accents and parentheses
-- (db/sql/like.ts foldedForSearch, the same expression as below, constants written out); on
-- PostgreSQL trigram indexes serve it, where pg_trgm cannot be installed it scans.
alter table users add column car_brand text;
alter table users add column car_model text;
create index users_name_order_idx on users (lower(first_name || ' ' || last_name), user_pk);

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute $i$create index if not exists users_name_search_trgm on users using gin
      (lower(translate(coalesce(first_name || ' ' || last_name, ''), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ()', 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny')) gin_trgm_ops)$i$;
    execute 'create index if not exists users_email_trgm on users using gin (lower(email) gin_trgm_ops)';
  end if;
end $$;
