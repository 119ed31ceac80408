-- Heartbeats in batches (decision 024): the beats that arrive together are applied by one call, a
-- few statements for all of them, instead of one call each. The rules are those of 0007 (decision
-- 019): credit the wall-clock time since the previous beat, at most p_max_credit, never past the
-- video's length; the watch counts at p_watched_after seconds or half the video; a view counts once
-- per viewer and video in p_view_window_s.
--
-- p_full = false (a batch, in autocommit): a batch never waits for a lock, so batches cannot wait on
-- each other or on anything else in a circle. A session another transaction holds (or that does
-- not exist) comes back 'busy'. A member whose points another transaction holds is left alone, and
-- so is a beat that pays: a finished task or daily group, the first counted watch of an account
-- (the new-user reward), an invitee's first counted watch of a day once they have shared (the
-- referral). Those come back 'full' with nothing written, and the caller runs each in a transaction
-- of its own, where the events pay. The others are applied whole ('done'): the member's watch time
-- and counted video (once a day per video) in their lifetime and today's figures, and the watching
-- tasks, as the points module's listeners would (decision 025).
-- p_full = true (one beat, inside that transaction): waits for the session, writes its session part
-- only and comes back 'full'; the caller publishes the events.
-- A video's row is shared by all its viewers and locked before the points elsewhere: a batch adds
-- the figures (watch time, views) of the videos no other transaction holds; the caller adds the
-- others (and those of the full path) after the commit.
DROP FUNCTION taice_watch_beat(uuid, text, integer, timestamptz, boolean, float8, float8, float8, float8, smallint,
  text, integer[], text[], float8[], integer[], integer[], integer[], integer);
--> statement-breakpoint
CREATE TYPE taice_beat AS (
  session_id uuid, user_id integer, post_id integer, duration float8, credit float8, watched float8,
  newly_counted boolean, counted boolean, view_added boolean,
  -- 'done' | 'full' | 'busy' (the session was held) | 'invalid' | 'unavailable'
  outcome text,
  -- the member's open daily group (the one after those completed today), when their points move
  open_group integer,
  -- a member's counted watch is their first of this video today (it counts toward videos watched)
  first_today boolean,
  -- the video's figures (watch time, view) were added by the batch
  figures_added boolean
);
--> statement-breakpoint
CREATE FUNCTION taice_watch_beats(
  p_sessions uuid[], p_keys text[], p_posts integer[], p_now timestamptz, p_full boolean,
  p_max_credit float8, p_watched_after float8, p_finished_share float8, p_view_window_s float8,
  p_published smallint,
  -- the watching tasks ('time': seconds, 'other': counted videos), each in its period; group 0 = not daily
  p_day text, p_task_ids integer[], p_task_units text[], p_task_periods text[], p_task_targets float8[],
  p_task_groups integer[],
  -- every daily task with its group, and how many groups a day has
  p_daily_ids integer[], p_daily_groups integer[], p_max_groups integer
) RETURNS SETOF taice_beat LANGUAGE plpgsql AS $$
DECLARE
  v_free uuid[];
  v_beats taice_beat[];
  v_users integer[];
  v_locked integer[] := '{}';
  v_user integer;
  v_added integer[];
BEGIN
  IF p_full THEN
    PERFORM 1 FROM watch_sessions WHERE id = p_sessions[1] FOR NO KEY UPDATE;
    v_free := p_sessions[1:1];
  ELSE
    SELECT coalesce(array_agg(id), '{}') INTO v_free FROM (
      SELECT id FROM watch_sessions WHERE id = ANY (p_sessions) FOR NO KEY UPDATE SKIP LOCKED) free;
  END IF;

  -- Each beat as the rules see it ('done' for now when it can be applied here).
  SELECT coalesce(array_agg(b), '{}') INTO v_beats FROM (
    SELECT ROW(r.id, ws.user_id, ws.post_id, p.duration, c.credit, ws.credited + c.credit, c.newly,
               ws.counted_at IS NOT NULL OR c.newly,
               c.newly AND NOT EXISTS (
                 SELECT 1 FROM watch_sessions o
                  WHERE o.viewer_key = r.key AND o.post_id = r.post AND o.view_counted
                    AND o.counted_at > p_now - make_interval(secs => p_view_window_s)),
               CASE WHEN ws.id IS NULL THEN CASE WHEN r.id = ANY (v_free) THEN 'invalid' ELSE 'busy' END
                    WHEN p.status <> p_published THEN 'unavailable'
                    WHEN p_full THEN 'full'
                    ELSE 'done' END, NULL, NULL, false)::taice_beat AS b
      FROM unnest(p_sessions, p_keys, p_posts) AS r(id, key, post)
      LEFT JOIN watch_sessions ws
        ON ws.id = r.id AND ws.id = ANY (v_free) AND ws.viewer_key = r.key AND ws.post_id = r.post
       AND ws.ended_at IS NULL
      LEFT JOIN posts p ON p.id = ws.post_id
      CROSS JOIN LATERAL (SELECT greatest(0, least(extract(epoch FROM p_now - ws.last_beat_at)::float8, p_max_credit,
                                                   p.duration - ws.credited)) AS credit) k
      CROSS JOIN LATERAL (SELECT k.credit AS credit,
                                 ws.counted_at IS NULL AND ws.credited + k.credit >= least(p_watched_after, p.duration / 2) AS newly) c
  ) beats;

  IF NOT p_full THEN
    -- The points of the members whose figures move, unless another transaction holds them.
    SELECT array_agg(DISTINCT b.user_id) INTO v_users FROM unnest(v_beats) b
     WHERE b.outcome = 'done' AND b.user_id IS NOT NULL AND (b.credit > 0 OR b.newly_counted);
    FOREACH v_user IN ARRAY coalesce(v_users, '{}') LOOP
      IF pg_try_advisory_xact_lock(hashtextextended('points:' || v_user, 0)) THEN
        v_locked := v_locked || v_user;
      END IF;
    END LOOP;
    -- Under those locks: what would pay takes the full path.
    SELECT array_agg(ROW(b.session_id, b.user_id, b.post_id, b.duration, b.credit, b.watched, b.newly_counted,
                         b.counted, b.view_added,
                         CASE WHEN b.outcome <> 'done' OR b.user_id IS NULL THEN b.outcome
                              WHEN b.credit <= 0 AND NOT b.newly_counted THEN 'done'
                              WHEN NOT b.user_id = ANY (v_locked) THEN 'full'
                              -- a task this beat finishes
                              WHEN EXISTS (
                                SELECT 1 FROM unnest(p_task_ids, p_task_units, p_task_periods, p_task_targets, p_task_groups)
                                                AS t(id, unit, period, target, grp)
                                LEFT JOIN task_progress tp
                                  ON tp.user_id = b.user_id AND tp.template_id = t.id AND tp.period = t.period
                                WHERE (t.grp = 0 OR (o.n <= p_max_groups AND t.grp = o.n)) AND tp.completed_at IS NULL
                                  AND coalesce(tp.progress, 0)
                                      + CASE WHEN t.unit = 'time' THEN b.credit::real ELSE w.first::int END >= t.target)
                                THEN 'full'
                              -- the open daily group already all done
                              WHEN o.n <= p_max_groups AND o.n = ANY (p_daily_groups) AND NOT EXISTS (
                                SELECT 1 FROM unnest(p_daily_ids, p_daily_groups) AS d(id, grp)
                                 WHERE d.grp = o.n AND NOT EXISTS (
                                   SELECT 1 FROM task_progress tp
                                    WHERE tp.user_id = b.user_id AND tp.template_id = d.id AND tp.period = p_day
                                      AND tp.completed_at IS NOT NULL))
                                THEN 'full'
                              -- the account's first counted watch, or an invitee's referral now due
                              WHEN w.first AND (
                                coalesce((SELECT ua.watched_videos FROM user_activity ua WHERE ua.user_id = b.user_id), 0) = 0
                                OR EXISTS (
                                  SELECT 1 FROM users u JOIN user_activity ua ON ua.user_id = u.id
                                   WHERE u.id = b.user_id AND u.inviter_id IS NOT NULL AND u.inviter_id <> u.id
                                     AND ua.shares > 0
                                     AND NOT EXISTS (SELECT 1 FROM referrals r WHERE r.invitee_id = u.id)))
                                THEN 'full'
                              ELSE 'done' END, o.n, w.first, false)::taice_beat)
      INTO v_beats
      FROM unnest(v_beats) b
      LEFT JOIN LATERAL (SELECT count(*)::int + 1 AS n FROM daily_group_completions
                          WHERE user_id = b.user_id AND day = p_day::date) o ON b.user_id = ANY (v_locked)
      LEFT JOIN LATERAL (SELECT b.newly_counted AND NOT EXISTS (
                                  SELECT 1 FROM counted_actions ca
                                   WHERE ca.user_id = b.user_id AND ca.action = 'watch' AND ca.ref_id = b.post_id
                                     AND ca.day = p_day::date) AS first) w ON b.user_id = ANY (v_locked);
  END IF;

  -- A batch moves no money, so its commit need not wait for the disk: a crash loses at most the last
  -- fraction of a second of beats, and the next beat of each session credits that time (up to the
  -- cap) and counts the watch again.
  IF NOT p_full THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  -- Independent rows, written in one statement.
  WITH applied AS (
    SELECT b.*, coalesce(b.first_today, false)::int AS videos,
           (NOT p_full AND b.user_id IS NOT NULL AND (b.credit > 0 OR b.first_today)) AS points
      FROM unnest(v_beats) b
     WHERE b.outcome = CASE WHEN p_full THEN 'full' ELSE 'done' END
  ), history AS (
    UPDATE watch_history h SET watched_seconds = h.watched_seconds + a.credit,
           finished = h.finished OR a.watched >= a.duration * p_finished_share
      FROM applied a
     WHERE h.user_id = a.user_id AND h.post_id = a.post_id
  ), counted AS (
    INSERT INTO counted_actions (user_id, action, ref_id, day)
      SELECT user_id, 'watch', post_id, p_day::date FROM applied WHERE points AND videos = 1
      ON CONFLICT DO NOTHING
  ), lifetime AS (
    INSERT INTO user_activity (user_id, watch_seconds, watched_videos)
      SELECT user_id, credit, videos FROM applied WHERE points
      ON CONFLICT (user_id) DO UPDATE SET watch_seconds = user_activity.watch_seconds + excluded.watch_seconds,
                                          watched_videos = user_activity.watched_videos + excluded.watched_videos
  ), today AS (
    INSERT INTO user_daily_stats (user_id, day, watch_seconds, watched_videos)
      SELECT user_id, p_day::date, credit, videos FROM applied WHERE points
      ON CONFLICT (user_id, day) DO UPDATE SET watch_seconds = user_daily_stats.watch_seconds + excluded.watch_seconds,
                                               watched_videos = user_daily_stats.watched_videos + excluded.watched_videos
  ), progress AS (
    INSERT INTO task_progress (user_id, template_id, period, progress)
      SELECT a.user_id, t.id, t.period, CASE WHEN t.unit = 'time' THEN a.credit ELSE a.videos END
        FROM applied a CROSS JOIN unnest(p_task_ids, p_task_units, p_task_periods, p_task_groups) AS t(id, unit, period, grp)
       WHERE a.points AND (t.grp = 0 OR (a.open_group <= p_max_groups AND t.grp = a.open_group))
         AND CASE WHEN t.unit = 'time' THEN a.credit > 0 ELSE a.videos = 1 END
      ON CONFLICT (user_id, template_id, period) DO UPDATE SET progress = task_progress.progress + excluded.progress
  )
  -- Never back in time: a beat that waited behind a later one must not reopen the time it credited.
  UPDATE watch_sessions ws SET last_beat_at = greatest(ws.last_beat_at, p_now), credited = a.watched,
         counted_at = CASE WHEN a.newly_counted THEN p_now ELSE ws.counted_at END,
         view_counted = ws.view_counted OR a.view_added
    FROM applied a
   WHERE ws.id = a.session_id;

  IF NOT p_full THEN
    WITH figures AS (
      SELECT b.post_id, sum(b.credit) AS seconds, (count(*) FILTER (WHERE b.view_added))::int AS views
        FROM unnest(v_beats) b WHERE b.outcome = 'done' AND (b.credit > 0 OR b.view_added) GROUP BY b.post_id
    ), free AS (
      SELECT p.id FROM posts p WHERE p.id IN (SELECT post_id FROM figures) FOR NO KEY UPDATE SKIP LOCKED
    ), added AS (
      UPDATE posts p SET watch_seconds = p.watch_seconds + f.seconds, view_num = p.view_num + f.views
        FROM figures f WHERE p.id = f.post_id AND p.id IN (SELECT id FROM free)
      RETURNING p.id
    )
    SELECT array_agg(id) INTO v_added FROM added;
  END IF;

  RETURN QUERY SELECT b.session_id, b.user_id, b.post_id, b.duration, b.credit, b.watched, b.newly_counted, b.counted,
                      b.view_added, b.outcome, b.open_group, b.first_today, coalesce(b.post_id = ANY (v_added), false)
                 FROM unnest(v_beats) b;
END
$$;
