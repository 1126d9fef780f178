-- A tag search ('%text%' in the lower-cased id) was served by a pg_trgm index (0016). A run of one
-- character defeats it: each trigram of 'BN00000' ('bn0', 'n00', '000') is in every card BN + ten
-- digits, so at a million cards the index named them all (119 ms) and every card was read to check
-- the text (≈250 ms in all). The id's own pieces tell those cards apart: its three-character and
-- five-character substrings ('00000' is in a tenth of them). A search asks for the pieces of its
-- text (`@>`, five characters from a text of five or more, three from one of three or four), the
-- index answers exactly the ids that hold them all, and only those are checked with the LIKE.
-- Core GIN on a text array: it serves the embedded database too, where pg_trgm is not installed.
-- The pieces are substrings as they are (pg_trgm splits words at punctuation and pads them). Cutting
-- a row's pieces costs ≈9 µs: a query that asks for them reads the index, never every row
-- (modules/tags/repository.ts, onGramIndex).
create function id_tag_grams(id text) returns text[]
language sql immutable strict parallel safe
as $$
  select array(
    select substr(id, i, g.n)
    from (values (3), (5)) as g(n), generate_series(1, char_length(id) - g.n + 1) as i)
$$;

create index ocpp_tags_id_tag_grams on ocpp_tags using gin (id_tag_grams(lower(id_tag)));

-- Beside it, the trigram index would be combined with it (BitmapAnd) and make every candidate's
-- pieces be cut again to recheck them: the pieces replace it.
drop index if exists ocpp_tags_id_tag_trgm;
