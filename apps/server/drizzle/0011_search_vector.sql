-- Search (decision 034): PostgreSQL's text search on a stored document per video. Latin words are
-- the 'simple' configuration's lexemes; a run of Chinese, Japanese or Korean characters becomes its
-- overlapping two-character pieces followed by its last character, in order, so that a phrase of
-- pieces finds any substring of two characters or more and a prefix finds a single character.
-- Functions here call no function of ours: index builds and autovacuum run them with a search_path
-- of pg_catalog only.
CREATE FUNCTION taice_search_document(t text) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  lowered text := lower(t);
  run text;
  pieces text[] := '{}';
BEGIN
  FOR run IN SELECT m[1] FROM regexp_matches(lowered, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+)', 'g') AS m LOOP
    FOR i IN 1 .. char_length(run) - 1 LOOP
      pieces := pieces || substr(run, i, 2);
    END LOOP;
    pieces := pieces || substr(run, char_length(run), 1);
  END LOOP;
  RETURN to_tsvector('simple', regexp_replace(lowered, '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+', ' ', 'g'))
      || to_tsvector('simple', array_to_string(pieces, ' '));
END
$$;--> statement-breakpoint
-- What a keyword asks for: every word (in any order), a Latin word of three letters or more also as
-- the start of a longer one, a Chinese run as its pieces in a row. NULL when nothing is searchable.
CREATE FUNCTION taice_search_query(keyword text) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  lowered text := lower(keyword);
  parts text[];
  run text;
BEGIN
  SELECT coalesce(array_agg(
           '''' || replace(replace(w.lexeme, '\', '\\'), '''', '\''') || ''''
             || CASE WHEN char_length(w.lexeme) >= 3 THEN ':*' ELSE '' END), '{}')
    INTO parts
    FROM unnest(to_tsvector('simple',
      regexp_replace(lowered, '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+', ' ', 'g'))) AS w;
  FOR run IN SELECT m[1] FROM regexp_matches(lowered, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+)', 'g') AS m LOOP
    IF char_length(run) = 1 THEN
      parts := parts || ('''' || run || ''':*');
    ELSE
      parts := parts || (SELECT '(' || string_agg('''' || substr(run, i, 2) || '''', ' <-> ' ORDER BY i) || ')'
                           FROM generate_series(1, char_length(run) - 1) AS i);
    END IF;
  END LOOP;
  IF cardinality(parts) = 0 THEN
    RETURN NULL;
  END IF;
  RETURN to_tsquery('simple', array_to_string(parts, ' & '));
END
$$;--> statement-breakpoint
DROP INDEX IF EXISTS "posts_search_bigrams";--> statement-breakpoint
DROP INDEX IF EXISTS "users_nickname_bigrams";--> statement-breakpoint
DROP FUNCTION IF EXISTS taice_bigrams(text);--> statement-breakpoint
CREATE INDEX "users_nickname_search" ON "users" USING gin (taice_search_document(nickname));--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(taice_search_document(title), 'A') || setweight(taice_search_document(description), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_search" ON "posts" USING gin ("search_vector") WHERE status = 1;
