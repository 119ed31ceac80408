CREATE TABLE "config_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"section" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"value" jsonb NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invite_tasks" ADD COLUMN "added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_templates" ADD COLUMN "added_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "config_versions_section_target_effective_at_index" ON "config_versions" USING btree ("section","target","effective_at");--> statement-breakpoint
CREATE INDEX "config_versions_effective" ON "config_versions" USING btree ("effective_at") WHERE cancelled_at is null;