CREATE TABLE "campaign_participants" (
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"watched" integer DEFAULT 0 NOT NULL,
	"invites" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"qualified" boolean DEFAULT false NOT NULL,
	CONSTRAINT "campaign_participants_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"banner" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"jackpot" bigint NOT NULL,
	"currency" text NOT NULL,
	"split" text NOT NULL,
	"join_mode" text NOT NULL,
	"winners" integer,
	"rank_shares" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_watched" integer DEFAULT 0 NOT NULL,
	"min_invites" integer DEFAULT 0 NOT NULL,
	"min_shares" integer DEFAULT 0 NOT NULL,
	"draw_seed" text NOT NULL,
	"draw_commitment" text NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"qualified" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_window" CHECK ("campaigns"."starts_at" < "campaigns"."ends_at"),
	CONSTRAINT "campaigns_jackpot_positive" CHECK ("campaigns"."jackpot" > 0),
	CONSTRAINT "campaigns_draw_winners" CHECK (("campaigns"."split" = 'draw') = ("campaigns"."winners" is not null and "campaigns"."winners" > 0))
);
--> statement-breakpoint
ALTER TABLE "campaign_participants" ADD CONSTRAINT "campaign_participants_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_participants" ADD CONSTRAINT "campaign_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_participants_board" ON "campaign_participants" USING btree ("campaign_id","qualified" DESC NULLS LAST,"score" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "campaigns_unsettled" ON "campaigns" USING btree ("ends_at") WHERE settled_at is null;--> statement-breakpoint
CREATE INDEX "campaigns_by_start" ON "campaigns" USING btree ("starts_at","id");