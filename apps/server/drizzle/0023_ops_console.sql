CREATE TABLE "ops_daily_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer NOT NULL,
	"active_users" integer NOT NULL,
	"watch_seconds" double precision NOT NULL,
	"issued" bigint NOT NULL,
	"adjusted" bigint NOT NULL,
	"spent" bigint NOT NULL,
	"refunded" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_created_at_index" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_email_prefix" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_nickname_prefix" ON "users" USING btree (lower("nickname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ledger_entries_day_index" ON "ledger_entries" USING btree ("day");--> statement-breakpoint
CREATE INDEX "user_daily_stats_day_index" ON "user_daily_stats" USING btree ("day");