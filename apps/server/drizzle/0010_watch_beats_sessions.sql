-- Heartbeats (decisions 019, 024, 027): the videos module's part, its own tables only. The rules are
-- those of 0008: credit the wall-clock time since the previous beat, at most p_max_credit, never past
-- the video's length; the watch counts at p_watched_after seconds or half the video; a view counts
-- once per viewer and video in p_view_window_s. What a member earns by a beat is the points module's
-- rule (taice_watch_earnings, 0009): the batch's statement calls it between these two functions.
--
-- taice_watch_take locks the sessions and says what each beat credits; taice_watch_settle writes the
-- sessions, the history and (in a batch) the videos' figures.
-- p_full = false (a batch, in autocommit): never waits for a lock. A session another transaction
-- holds (or that does not exist) comes back 'busy'; a beat the points module leaves to the full path
-- (p_left) comes back 'full' with nothing written; the others are written ('done'), and the figures
-- of the videos no other transaction holds are added.
-- p_full = true (one beat, inside the full path's transaction): waits for the session, writes its
-- session part and comes back 'full'; the caller publishes the events and adds the video's figures.
DROP FUNCTION taice_watch_beats(uuid[], text[], integer[], timestamptz, boolean, float8, float8, float8, float8,
  smallint, text, integer[], text[], text[], float8[], integer[], integer[], integer[], integer);
--> statement-breakpoint
DROP TYPE taice_beat;
--> statement-breakpoint
CREATE TYPE taice_beat AS (
  ord bigint, session_id uuid, user_id integer, post_id integer, duration float8, credit float8, watched float8,
  newly_counted boolean, counted boolean, view_added boolean,
  -- 'done' | 'full' | 'busy' (the session was held) | 'invalid' | 'unavailable'
  outcome text,
  -- the video's figures (watch time, view) were added by the batch
  figures_added boolean
);
--> statement-breakpoint
CREATE FUNCTION taice_watch_take(
  p_sessions uuid[], p_keys text[], p_posts integer[], p_now timestamptz, p_full boolean,
  p_max_credit float8, p_watched_after float8, p_view_window_s float8, p_published smallint
) RETURNS SETOF taice_beat LANGUAGE plpgsql AS $$
DECLARE
  v_free uuid[];
BEGIN
  IF p_full THEN
    PERFORM 1 FROM watch_sessions WHERE id = p_sessions[1] FOR NO KEY UPDATE;
    v_free := p_sessions[1:1];
  ELSE
    SELECT coalesce(array_agg(id), '{}') INTO v_free FROM (
      SELECT id FROM watch_sessions WHERE id = ANY (p_sessions) FOR NO KEY UPDATE SKIP LOCKED) free;
  END IF;

  RETURN QUERY
    SELECT r.ord, r.id, ws.user_id, ws.post_id, p.duration::float8, c.credit, ws.credited + c.credit, c.newly,
           ws.counted_at IS NOT NULL OR c.newly,
           c.newly AND NOT EXISTS (
             SELECT 1 FROM watch_sessions o
              WHERE o.viewer_key = r.key AND o.post_id = r.post AND o.view_counted
                AND o.counted_at > p_now - make_interval(secs => p_view_window_s)),
           CASE WHEN ws.id IS NULL THEN CASE WHEN r.id = ANY (v_free) THEN 'invalid' ELSE 'busy' END
                WHEN p.status <> p_published THEN 'unavailable'
                WHEN p_full THEN 'full'
                ELSE 'done' END, false
      FROM unnest(p_sessions, p_keys, p_posts) WITH ORDINALITY AS r(id, key, post, ord)
      LEFT JOIN watch_sessions ws
        ON ws.id = r.id AND ws.id = ANY (v_free) AND ws.viewer_key = r.key AND ws.post_id = r.post
       AND ws.ended_at IS NULL
      LEFT JOIN posts p ON p.id = ws.post_id
      CROSS JOIN LATERAL (SELECT greatest(0, least(extract(epoch FROM p_now - ws.last_beat_at)::float8, p_max_credit,
                                                   p.duration - ws.credited)) AS credit) k
      CROSS JOIN LATERAL (SELECT k.credit AS credit,
                                 ws.counted_at IS NULL AND ws.credited + k.credit >= least(p_watched_after, p.duration / 2) AS newly) c
     ORDER BY r.ord;
END
$$;
--> statement-breakpoint
CREATE FUNCTION taice_watch_settle(
  p_beats taice_beat[], p_left boolean[], p_now timestamptz, p_full boolean, p_finished_share float8
) RETURNS SETOF taice_beat LANGUAGE plpgsql AS $$
BEGIN
  -- A batch moves no money, so its commit need not wait for the disk: a crash loses at most the last
  -- fraction of a second of beats, and the next beat of each session credits that time (up to the
  -- cap) and counts the watch again.
  IF NOT p_full THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  -- Independent rows, written in one statement (each statement costs more than the rows it writes).
  RETURN QUERY
  WITH beat AS (
    SELECT b.ord, b.session_id, b.user_id, b.post_id, b.duration, b.credit, b.watched, b.newly_counted, b.counted,
           b.view_added,
           CASE WHEN b.outcome = 'done' AND coalesce(p_left[b.ord], false) THEN 'full' ELSE b.outcome END AS outcome
      FROM unnest(p_beats) b
  ), applied AS (
    SELECT b.* FROM beat b WHERE b.outcome = CASE WHEN p_full THEN 'full' ELSE 'done' END
  ), history AS (
    UPDATE watch_history h SET watched_seconds = h.watched_seconds + a.credit,
           finished = h.finished OR a.watched >= a.duration * p_finished_share
      FROM applied a
     WHERE h.user_id = a.user_id AND h.post_id = a.post_id
  ), sessions AS (
    -- Never back in time: a beat that waited behind a later one must not reopen the time it credited.
    UPDATE watch_sessions ws SET last_beat_at = greatest(ws.last_beat_at, p_now), credited = a.watched,
           counted_at = CASE WHEN a.newly_counted THEN p_now ELSE ws.counted_at END,
           view_counted = ws.view_counted OR a.view_added
      FROM applied a
     WHERE ws.id = a.session_id
  ), figures AS (
    SELECT a.post_id, sum(a.credit) AS seconds, (count(*) FILTER (WHERE a.view_added))::int AS views
      FROM applied a WHERE NOT p_full AND (a.credit > 0 OR a.view_added) GROUP BY a.post_id
  ), free AS (
    SELECT p.id FROM posts p WHERE p.id IN (SELECT post_id FROM figures) FOR NO KEY UPDATE SKIP LOCKED
  ), added AS (
    UPDATE posts p SET watch_seconds = p.watch_seconds + f.seconds, view_num = p.view_num + f.views
      FROM figures f WHERE p.id = f.post_id AND p.id IN (SELECT id FROM free)
    RETURNING p.id
  )
  SELECT b.ord, b.session_id, b.user_id, b.post_id, b.duration, b.credit, b.watched, b.newly_counted, b.counted,
         b.view_added, b.outcome, b.post_id IN (SELECT id FROM added)
    FROM beat b ORDER BY b.ord;
END
$$;
