CREATE TABLE "counted_actions" (
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"ref_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "counted_actions_user_id_action_ref_id_day_pk" PRIMARY KEY("user_id","action","ref_id","day")
);
--> statement-breakpoint
CREATE TABLE "daily_group_completions" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"group_no" smallint NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_group_completions_user_id_day_group_no_pk" PRIMARY KEY("user_id","day","group_no")
);
--> statement-breakpoint
CREATE TABLE "invite_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invite_num" integer NOT NULL,
	"point" bigint NOT NULL,
	CONSTRAINT "invite_tasks_inviteNum_unique" UNIQUE("invite_num")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"kind" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_user_not_negative" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_key" text NOT NULL,
	"reason" text NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"user_delta" bigint NOT NULL,
	"bucket" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_eventKey_unique" UNIQUE("event_key"),
	CONSTRAINT "ledger_entries_amount_positive" CHECK ("ledger_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"invitee_id" integer PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"reward" bigint NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_configs" (
	"day" smallint PRIMARY KEY NOT NULL,
	"reward" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"streak_day" smallint NOT NULL,
	"reward" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_ins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "task_progress" (
	"user_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"period" text NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "task_progress_user_id_template_id_period_pk" PRIMARY KEY("user_id","template_id","period")
);
--> statement-breakpoint
CREATE TABLE "task_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"task_type" text NOT NULL,
	"task_key" text NOT NULL,
	"unit_key" text DEFAULT 'other' NOT NULL,
	"total_num" integer NOT NULL,
	"point" bigint NOT NULL,
	"group_no" smallint DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "task_templates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"watch_seconds" real DEFAULT 0 NOT NULL,
	"watched_videos" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_daily_stats" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"watch_seconds" real DEFAULT 0 NOT NULL,
	"watched_videos" integer DEFAULT 0 NOT NULL,
	"estimated" bigint DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "user_daily_stats_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "counted_actions" ADD CONSTRAINT "counted_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_group_completions" ADD CONSTRAINT "daily_group_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_to_account_id_ledger_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_template_id_task_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."task_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_daily_stats" ADD CONSTRAINT "user_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_kind" ON "ledger_accounts" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_kind" ON "ledger_accounts" USING btree ("kind") WHERE user_id is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_id_id_index" ON "ledger_entries" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_user_id_day_index" ON "ledger_entries" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "referrals_inviter_id_index" ON "referrals" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "task_templates_task_type_group_no_index" ON "task_templates" USING btree ("task_type","group_no");--> statement-breakpoint
CREATE INDEX "user_daily_stats_unissued" ON "user_daily_stats" USING btree ("day") WHERE issued_at is null and estimated > 0;