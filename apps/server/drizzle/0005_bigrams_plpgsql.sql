-- An SQL-language function is inlined into every plan that looks at the
-- bigram expression indexes, which cost ~2 ms of planning on every query of
-- posts and users; PL/pgSQL is never inlined (same result, same indexes).
CREATE OR REPLACE FUNCTION taice_bigrams(t text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN coalesce((SELECT array_agg(DISTINCT substr(t, i, 2)) FROM generate_series(1, char_length(t) - 1) AS i), '{}');
END
$$;
