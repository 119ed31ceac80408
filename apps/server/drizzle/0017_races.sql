CREATE TABLE "race_entries" (
	"race_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"rank_score" bigint DEFAULT 0 NOT NULL,
	"invites" integer DEFAULT 0 NOT NULL,
	"final_rank" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "race_entries_race_id_user_id_pk" PRIMARY KEY("race_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "race_prize_tiers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "race_prize_tiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rank_from" integer NOT NULL,
	"rank_to" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"min_invites" integer DEFAULT 0 NOT NULL,
	"min_watched" integer DEFAULT 0 NOT NULL,
	"min_uploads" integer DEFAULT 0 NOT NULL,
	"needs_wallet" boolean DEFAULT true NOT NULL,
	CONSTRAINT "race_prize_tiers_ranks" CHECK ("race_prize_tiers"."rank_from" >= 1 and "race_prize_tiers"."rank_to" >= "race_prize_tiers"."rank_from")
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "races_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"week" smallint NOT NULL,
	"prizes" jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "races_startsAt_unique" UNIQUE("starts_at")
);
--> statement-breakpoint
CREATE TABLE "user_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"rank" integer,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"ledger_entry_id" integer,
	"payout_ref" text DEFAULT '' NOT NULL,
	CONSTRAINT "user_rewards_amount" CHECK ("user_rewards"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "race_entries" ADD CONSTRAINT "race_entries_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_entries" ADD CONSTRAINT "race_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_rewards" ADD CONSTRAINT "user_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_rewards" ADD CONSTRAINT "user_rewards_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "race_entries_ranking" ON "race_entries" USING btree ("race_id","rank_score" DESC NULLS LAST,"user_id") WHERE "race_entries"."points" > 0;--> statement-breakpoint
CREATE INDEX "race_entries_promoters" ON "race_entries" USING btree ("race_id","invites" DESC NULLS LAST,"user_id") WHERE "race_entries"."invites" > 0;--> statement-breakpoint
CREATE INDEX "race_entries_recent" ON "race_entries" USING btree ("race_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_rewards_once" ON "user_rewards" USING btree ("source","source_id","user_id");--> statement-breakpoint
CREATE INDEX "user_rewards_user_id_id_index" ON "user_rewards" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_rewards_source_source_id_rank_index" ON "user_rewards" USING btree ("source","source_id","rank");