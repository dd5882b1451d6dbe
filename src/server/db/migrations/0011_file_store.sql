ALTER TABLE "files" ALTER COLUMN "data" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;
--> statement-breakpoint
CREATE INDEX "files_user_created_idx" ON "files" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");
--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "courier_requests_image_name_idx" ON "courier_requests" USING btree (regexp_replace("item_image_url", '^.*/api/files/', ''));
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"sha256" text NOT NULL,
	"idx" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "file_chunks_sha256_idx_pk" PRIMARY KEY("sha256","idx")
);
