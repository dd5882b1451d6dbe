CREATE TABLE "sync_views" (
	"client_id" text NOT NULL,
	"cookie" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sync_views_client_id_cookie_pk" PRIMARY KEY("client_id","cookie")
);
--> statement-breakpoint
CREATE INDEX "sync_views_created_idx" ON "sync_views" USING btree ("created_at");