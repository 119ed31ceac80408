-- A heartbeat of a watch session in one round trip (decision 019). The rules are those of
-- watching.service.ts: credit the wall-clock time since the previous beat, at most p_max_credit,
-- never past the video's length; the watch counts at p_watched_after seconds or half the video;
-- a view counts once per viewer and video in p_view_window_s.
--
-- p_full = false (a beat on its own, in autocommit): when the beat moves no money it is applied
-- whole here, the member's watch time and the progress of their watch-time tasks included, and the
-- outcome is 'done'. When it would count the watch or finish a task (or a daily group), nothing is
-- written and the outcome is 'full': the caller then runs the beat in a transaction of its own.
-- p_full = true (inside that transaction): only the session part; the caller publishes the events.
--
-- Locks: the session row, (on its own) the video's row, then the member's points lock.
-- Few statements on purpose: each costs PostgreSQL more than the row it writes.
CREATE OR REPLACE FUNCTION taice_watch_beat(
  p_session uuid, p_key text, p_post integer, p_now timestamptz, p_full boolean,
  p_max_credit float8, p_watched_after float8, p_finished_share float8, p_view_window_s float8,
  p_published smallint,
  -- the member's watch-time tasks, each in its period; group 0 = not a daily task
  p_day text, p_task_ids integer[], p_task_periods text[], p_task_targets float8[], p_task_groups integer[],
  -- every daily task with its group, and how many groups a day has
  p_daily_ids integer[], p_daily_groups integer[], p_max_groups integer,
  OUT outcome text, OUT credit float8, OUT watched float8, OUT counted boolean,
  OUT newly_counted boolean, OUT view_added boolean
) LANGUAGE plpgsql AS $$
DECLARE
  s record;
  v_points boolean;
  v_open integer := 0;
  v_pays boolean;
BEGIN
  outcome := 'full'; credit := 0; watched := 0; counted := false; newly_counted := false; view_added := false;
  IF p_full THEN
    SELECT ws.user_id, ws.last_beat_at, ws.credited, ws.counted_at, ws.ended_at, p.duration, p.status
      INTO s
      FROM watch_sessions ws JOIN posts p ON p.id = ws.post_id
     WHERE ws.id = p_session AND ws.viewer_key = p_key AND ws.post_id = p_post
       FOR NO KEY UPDATE OF ws;
  ELSE
    -- The video's row too, before the points lock: likes, shares and comments lock the video, then
    -- the points; taking them the other way round would deadlock with them.
    SELECT ws.user_id, ws.last_beat_at, ws.credited, ws.counted_at, ws.ended_at, p.duration, p.status
      INTO s
      FROM watch_sessions ws JOIN posts p ON p.id = ws.post_id
     WHERE ws.id = p_session AND ws.viewer_key = p_key AND ws.post_id = p_post
       FOR NO KEY UPDATE OF ws, p;
  END IF;
  IF NOT FOUND OR s.ended_at IS NOT NULL THEN
    outcome := 'invalid';
    RETURN;
  END IF;
  IF s.status <> p_published THEN
    outcome := 'unavailable';
    RETURN;
  END IF;

  credit := greatest(0, least(extract(epoch FROM p_now - s.last_beat_at)::float8, p_max_credit, s.duration - s.credited));
  watched := s.credited + credit;
  newly_counted := s.counted_at IS NULL AND watched >= least(p_watched_after, s.duration / 2);
  counted := s.counted_at IS NOT NULL OR newly_counted;
  -- A member's counted watch pays (new-user reward, tasks, referral): the full path.
  IF NOT p_full AND s.user_id IS NOT NULL AND newly_counted THEN
    RETURN;
  END IF;
  v_points := NOT p_full AND s.user_id IS NOT NULL AND credit > 0;

  IF v_points THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('points:' || s.user_id, 0));
    -- A task this credit finishes, or an open group already all done, pays: the full path.
    SELECT o.n,
           EXISTS (
             SELECT 1 FROM unnest(p_task_ids, p_task_periods, p_task_targets, p_task_groups) AS t(id, period, target, grp)
             LEFT JOIN task_progress tp ON tp.user_id = s.user_id AND tp.template_id = t.id AND tp.period = t.period
             WHERE (t.grp = 0 OR (o.n <= p_max_groups AND t.grp = o.n))
               AND tp.completed_at IS NULL AND coalesce(tp.progress, 0) + credit::real >= t.target)
           OR (o.n <= p_max_groups AND o.n = ANY (p_daily_groups) AND NOT EXISTS (
             SELECT 1 FROM unnest(p_daily_ids, p_daily_groups) AS d(id, grp)
             WHERE d.grp = o.n AND NOT EXISTS (
               SELECT 1 FROM task_progress tp
               WHERE tp.user_id = s.user_id AND tp.template_id = d.id AND tp.period = p_day AND tp.completed_at IS NOT NULL)))
      INTO v_open, v_pays
      FROM (SELECT count(*)::int + 1 AS n FROM daily_group_completions
             WHERE user_id = s.user_id AND day = p_day::date) o;
    IF v_pays THEN
      RETURN;
    END IF;
  END IF;

  IF newly_counted THEN
    view_added := NOT EXISTS (
      SELECT 1 FROM watch_sessions
       WHERE viewer_key = p_key AND post_id = p_post AND view_counted
         AND counted_at > p_now - make_interval(secs => p_view_window_s));
  END IF;
  outcome := CASE WHEN p_full THEN 'full' ELSE 'done' END;
  -- A beat on its own moves no money, so its commit need not wait for the disk: a crash loses at most
  -- the last fraction of a second of beats, and the next beat of the session credits that time again
  -- (up to the cap).
  IF NOT p_full THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  -- Independent rows, written in one statement.
  WITH beat AS (
    -- Never back in time: a beat that waited behind a later one must not reopen the time it credited.
    UPDATE watch_sessions SET last_beat_at = greatest(last_beat_at, p_now), credited = watched,
           counted_at = CASE WHEN newly_counted THEN p_now ELSE counted_at END,
           view_counted = view_counted OR view_added
     WHERE id = p_session
  ), history AS (
    UPDATE watch_history SET watched_seconds = watched_seconds + credit,
           finished = finished OR watched >= s.duration * p_finished_share
     WHERE user_id = s.user_id AND post_id = p_post
  ), lifetime AS (
    INSERT INTO user_activity (user_id, watch_seconds) SELECT s.user_id, credit WHERE v_points
      ON CONFLICT (user_id) DO UPDATE SET watch_seconds = user_activity.watch_seconds + excluded.watch_seconds
  ), today AS (
    INSERT INTO user_daily_stats (user_id, day, watch_seconds) SELECT s.user_id, p_day::date, credit WHERE v_points
      ON CONFLICT (user_id, day) DO UPDATE SET watch_seconds = user_daily_stats.watch_seconds + excluded.watch_seconds
  ), progress AS (
    INSERT INTO task_progress (user_id, template_id, period, progress)
      SELECT s.user_id, t.id, t.period, credit
        FROM unnest(p_task_ids, p_task_periods, p_task_groups) AS t(id, period, grp)
       WHERE v_points AND (t.grp = 0 OR (v_open <= p_max_groups AND t.grp = v_open))
      ON CONFLICT (user_id, template_id, period) DO UPDATE SET progress = task_progress.progress + excluded.progress
  )
  -- The full path adds the video's figures after its commit (watching.service.ts).
  UPDATE posts SET watch_seconds = watch_seconds + credit, view_num = view_num + view_added::int
   WHERE id = p_post AND NOT p_full AND (credit > 0 OR view_added);
END
$$;
--> statement-breakpoint
-- Rows updated on every heartbeat keep room on their page, so an update stays on it (HOT) without
-- touching the indexes.
ALTER TABLE watch_sessions SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE watch_history SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE user_activity SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE user_daily_stats SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE task_progress SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE posts SET (fillfactor = 90);
