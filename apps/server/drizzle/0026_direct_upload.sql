CREATE TABLE "studio_upload_parts" (
	"upload_id" text NOT NULL,
	"part_number" integer NOT NULL,
	"etag" text NOT NULL,
	"size" bigint NOT NULL,
	CONSTRAINT "studio_upload_parts_upload_id_part_number_pk" PRIMARY KEY("upload_id","part_number")
);
--> statement-breakpoint
ALTER TABLE "studio_uploads" ADD COLUMN "transport" text DEFAULT 'tus' NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_uploads" ADD COLUMN "multipart_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_upload_parts" ADD CONSTRAINT "studio_upload_parts_upload_id_studio_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."studio_uploads"("id") ON DELETE cascade ON UPDATE no action;