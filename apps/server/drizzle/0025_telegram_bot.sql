CREATE TABLE "telegram_chats" (
	"telegram_user_id" bigint PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"notify_sign_in" boolean DEFAULT false NOT NULL,
	"notify_results" boolean DEFAULT false NOT NULL,
	"notify_orders" boolean DEFAULT false NOT NULL,
	"blocked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegram_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"telegram_user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"throttled" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_notices_once" ON "telegram_notices" USING btree ("telegram_user_id","kind","ref");