-- The points module's rule for watching (decision 027), the one implementation both heartbeat paths
-- use: the heartbeats' batch through the videos module's statement, and the listeners of
-- `watchTimeCredited` and `videoWatched` with a batch of one.
--
-- A beat is (member, video, seconds credited, whether it counted the watch). Watch time adds to the
-- member's lifetime and today's figures and to their watch-time tasks; a counted watch that is their
-- first of this video today adds one video watched to the same figures and to the "watch N videos"
-- tasks. Tasks advance in their periods, daily ones only in the open group (the one after those
-- finished today). What it pays: the tasks it finishes, the open daily group once all of its tasks
-- are done, the account's first counted watch (the new-user reward) and an invitee's first counted
-- watch of a day once they have shared (the referral). Money moves only in TypeScript, through the
-- ledger: this function says what pays and the caller pays it.
--
-- p_held = true: the caller holds the members' points locks (the full path); every beat is applied
-- and what it pays is reported. p_held = false (a batch): the locks are tried, never waited for; a
-- member whose points another transaction holds comes back 'held', a beat that pays comes back
-- 'pays', both with nothing written, for the full path; the others are applied ('applied').
-- One row per beat, in the order given (ord from 1); at most one beat per member (the heartbeats'
-- batch keeps one per viewer).
CREATE TYPE taice_watch_earning AS (
  ord bigint,
  -- 'applied' | 'pays' | 'held'
  verdict text,
  -- a counted watch that is the member's first of this video today
  first_today boolean,
  -- what the beat pays: the tasks it finishes (in their periods), the daily group it completes, the
  -- new-user reward, a referral
  finished_ids integer[],
  finished_periods text[],
  group_done integer,
  new_user boolean,
  referral_due boolean
);
--> statement-breakpoint
CREATE FUNCTION taice_watch_earnings(
  p_users integer[], p_posts integer[], p_seconds float8[], p_counted boolean[], p_held boolean,
  -- the watching tasks ('time': seconds, 'other': counted videos), each in its period; group 0 = not daily
  p_day text, p_task_ids integer[], p_task_units text[], p_task_periods text[], p_task_targets float8[],
  p_task_groups integer[],
  -- every daily task with its group, and how many groups a day has
  p_daily_ids integer[], p_daily_groups integer[], p_max_groups integer
) RETURNS SETOF taice_watch_earning LANGUAGE plpgsql AS $$
DECLARE
  v_users integer[];
  v_locked integer[] := '{}';
  v_user integer;
BEGIN
  IF p_held THEN
    v_locked := p_users;
  ELSE
    SELECT array_agg(DISTINCT b.u) INTO v_users FROM unnest(p_users, p_seconds, p_counted) AS b(u, s, c)
     WHERE b.u IS NOT NULL AND (b.s > 0 OR b.c);
    FOREACH v_user IN ARRAY coalesce(v_users, '{}') LOOP
      IF pg_try_advisory_xact_lock(hashtextextended('points:' || v_user, 0)) THEN
        v_locked := v_locked || v_user;
      END IF;
    END LOOP;
  END IF;

  -- Under those locks (a statement after them, so it sees what their last holders committed): what each
  -- beat earns and pays, and the writes of those applied, in one statement.
  RETURN QUERY
  WITH earned AS (
    SELECT b.ord, b.user_id, b.post_id, b.seconds, o.n AS open_group,
           ROW(b.ord,
               CASE WHEN b.user_id IS NULL OR (b.seconds <= 0 AND NOT b.counted) THEN 'applied'
                    WHEN NOT b.user_id = ANY (v_locked) THEN 'held'
                    WHEN NOT p_held AND (f.ids IS NOT NULL OR g.done OR n.new_user OR n.referral) THEN 'pays'
                    ELSE 'applied' END,
               coalesce(w.first, false), f.ids, f.periods, CASE WHEN g.done THEN o.n END,
               coalesce(n.new_user, false), coalesce(n.referral, false))::taice_watch_earning AS e
    FROM unnest(p_users, p_posts, p_seconds, p_counted) WITH ORDINALITY AS b(user_id, post_id, seconds, counted, ord)
    LEFT JOIN LATERAL (SELECT b.counted AND NOT EXISTS (
                                SELECT 1 FROM counted_actions ca
                                 WHERE ca.user_id = b.user_id AND ca.action = 'watch' AND ca.ref_id = b.post_id
                                   AND ca.day = p_day::date) AS first) w ON b.user_id = ANY (v_locked)
    LEFT JOIN LATERAL (SELECT count(*)::int + 1 AS n FROM daily_group_completions
                        WHERE user_id = b.user_id AND day = p_day::date) o ON b.user_id = ANY (v_locked)
    -- the tasks the beat finishes
    LEFT JOIN LATERAL (
      SELECT array_agg(t.id) AS ids, array_agg(t.period) AS periods
        FROM unnest(p_task_ids, p_task_units, p_task_periods, p_task_targets, p_task_groups)
               AS t(id, unit, period, target, grp)
        LEFT JOIN task_progress tp ON tp.user_id = b.user_id AND tp.template_id = t.id AND tp.period = t.period
       WHERE (t.grp = 0 OR (o.n <= p_max_groups AND t.grp = o.n))
         AND CASE WHEN t.unit = 'time' THEN b.seconds > 0 ELSE w.first END
         AND tp.completed_at IS NULL
         AND coalesce(tp.progress, 0) + CASE WHEN t.unit = 'time' THEN b.seconds::real ELSE 1 END >= t.target
    ) f ON b.user_id = ANY (v_locked)
    -- the open daily group, when the beat advances a watching task and leaves all of the group's tasks done
    LEFT JOIN LATERAL (
      SELECT o.n <= p_max_groups AND o.n = ANY (p_daily_groups)
             AND (b.seconds > 0 AND 'time' = ANY (p_task_units) OR w.first AND 'other' = ANY (p_task_units))
             AND NOT EXISTS (
               SELECT 1 FROM unnest(p_daily_ids, p_daily_groups) AS d(id, grp)
                WHERE d.grp = o.n AND NOT d.id = ANY (coalesce(f.ids, '{}'))
                  AND NOT EXISTS (SELECT 1 FROM task_progress tp
                                   WHERE tp.user_id = b.user_id AND tp.template_id = d.id AND tp.period = p_day
                                     AND tp.completed_at IS NOT NULL)) AS done
    ) g ON b.user_id = ANY (v_locked)
    -- the account's first counted watch; an invitee's referral now due
    LEFT JOIN LATERAL (
      SELECT coalesce(ua.watched_videos, 0) = 0 AS new_user,
             u.inviter_id IS NOT NULL AND u.inviter_id <> u.id AND coalesce(ua.shares, 0) > 0
             AND NOT EXISTS (SELECT 1 FROM referrals r WHERE r.invitee_id = u.id) AS referral
        FROM users u LEFT JOIN user_activity ua ON ua.user_id = u.id
       WHERE u.id = b.user_id
    ) n ON w.first
  ), applied AS (
    SELECT x.user_id, x.post_id, x.seconds, (x.e).first_today, (x.e).first_today::int AS videos, x.open_group
      FROM earned x
     WHERE (x.e).verdict = 'applied' AND x.user_id IS NOT NULL AND (x.seconds > 0 OR (x.e).first_today)
  ), counted AS (
    INSERT INTO counted_actions (user_id, action, ref_id, day)
      SELECT user_id, 'watch', post_id, p_day::date FROM applied WHERE first_today
      ON CONFLICT DO NOTHING
  ), lifetime AS (
    INSERT INTO user_activity (user_id, watch_seconds, watched_videos)
      SELECT user_id, seconds, videos FROM applied
      ON CONFLICT (user_id) DO UPDATE SET watch_seconds = user_activity.watch_seconds + excluded.watch_seconds,
                                          watched_videos = user_activity.watched_videos + excluded.watched_videos
  ), today AS (
    INSERT INTO user_daily_stats (user_id, day, watch_seconds, watched_videos)
      SELECT user_id, p_day::date, seconds, videos FROM applied
      ON CONFLICT (user_id, day) DO UPDATE SET watch_seconds = user_daily_stats.watch_seconds + excluded.watch_seconds,
                                               watched_videos = user_daily_stats.watched_videos + excluded.watched_videos
  ), progress AS (
    INSERT INTO task_progress (user_id, template_id, period, progress)
      SELECT a.user_id, t.id, t.period, CASE WHEN t.unit = 'time' THEN a.seconds ELSE a.videos END
        FROM applied a CROSS JOIN unnest(p_task_ids, p_task_units, p_task_periods, p_task_groups) AS t(id, unit, period, grp)
       WHERE (t.grp = 0 OR (a.open_group <= p_max_groups AND t.grp = a.open_group))
         AND CASE WHEN t.unit = 'time' THEN a.seconds > 0 ELSE a.first_today END
      ON CONFLICT (user_id, template_id, period) DO UPDATE SET progress = task_progress.progress + excluded.progress
  )
  SELECT (x.e).* FROM earned x ORDER BY x.ord;
END
$$;
