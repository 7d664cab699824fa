-- Every character doubled: 'sm' -> 'ssmm'. A 2-character "contains" term doubled holds trigrams, so the
-- trigram index on clients.search_pairs (next migration) serves searches from two characters on.
-- Doubling cannot create false matches: a doubled term can only match a doubled text at even offsets.
CREATE OR REPLACE FUNCTION pd_pairs(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace(t, '(.)', '\1\1', 'g');
