DROP INDEX "ledger_entries_user_id_id_index";--> statement-breakpoint
DROP INDEX "comments_top_level";--> statement-breakpoint
DROP INDEX "follows_followee_id_created_at_index";--> statement-breakpoint
DROP INDEX "follows_follower_id_created_at_index";--> statement-breakpoint
DROP INDEX "post_collects_user_id_created_at_index";--> statement-breakpoint
DROP INDEX "posts_feed_rank";--> statement-breakpoint
DROP INDEX "posts_feed_new";--> statement-breakpoint
DROP INDEX "posts_category_rank";--> statement-breakpoint
DROP INDEX "posts_category_new";--> statement-breakpoint
DROP INDEX "posts_author_new";--> statement-breakpoint
DROP INDEX "shares_user_id_created_at_index";--> statement-breakpoint
DROP INDEX "watch_history_user_id_last_watched_at_index";--> statement-breakpoint
DROP INDEX "watch_sessions_viewer_key_post_id_started_at_index";--> statement-breakpoint
CREATE INDEX "ledger_entries_user_id_id_index" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "comments_top_level" ON "comments" USING btree ("post_id","created_at","id") WHERE parent_id is null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "follows_followee_id_created_at_index" ON "follows" USING btree ("followee_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_follower_id_created_at_index" ON "follows" USING btree ("follower_id","created_at");--> statement-breakpoint
CREATE INDEX "post_collects_user_id_created_at_index" ON "post_collects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_feed_rank" ON "posts" USING btree ("rank_score","id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "posts_feed_new" ON "posts" USING btree ("published_at","id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "posts_category_rank" ON "posts" USING btree ("category_id","rank_score","id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "posts_category_new" ON "posts" USING btree ("category_id","published_at","id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "posts_author_new" ON "posts" USING btree ("author_id","published_at","id");--> statement-breakpoint
CREATE INDEX "shares_user_id_created_at_index" ON "shares" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "watch_history_user_id_last_watched_at_index" ON "watch_history" USING btree ("user_id","last_watched_at");--> statement-breakpoint
CREATE INDEX "watch_sessions_viewer_key_post_id_started_at_index" ON "watch_sessions" USING btree ("viewer_key","post_id","started_at");--> statement-breakpoint
CREATE FUNCTION taice_bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}') FROM generate_series(1, char_length(t) - 1) AS i
$$;--> statement-breakpoint
DROP INDEX "posts_search_trgm";--> statement-breakpoint
DROP INDEX "users_nickname_trgm";--> statement-breakpoint
CREATE INDEX "posts_search_bigrams" ON "posts" USING gin (taice_bigrams(lower(title || ' ' || description))) WHERE status = 1;--> statement-breakpoint
CREATE INDEX "users_nickname_bigrams" ON "users" USING gin (taice_bigrams(lower(nickname)));
