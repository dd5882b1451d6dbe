CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	"in_flight" integer NOT NULL,
	"touched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "method" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "body_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "search_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "last_searched_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "throttles_touched_idx" ON "throttles" USING btree ("touched_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "match_requests_user_route_unique" ON "match_requests" USING btree ("user_id","from_code","to_code","departure");