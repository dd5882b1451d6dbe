-- A withdrawn listing no longer holds its flight (issue 28): one flight on one date is listed once
-- by a carrier among the listings still open, so a carrier who withdrew a listing may list that
-- flight again (and edit another listing onto it). The unique index keeps its name, now partial.
DROP INDEX IF EXISTS "listings_flight_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "listings_flight_unique" ON "listings" USING btree ("user_id","flight_no","departure") WHERE "withdrawn_at" IS NULL;
