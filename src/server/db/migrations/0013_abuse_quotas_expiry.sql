-- Issue 17: pending bookings expire, ratings count once per person, pull views are kept per user.
--
-- A pending booking expires when the carrier has not answered within 24 hours, or by 2 hours
-- before departure, whichever is first (bookingExpiry in src/domain/booking/status.ts); the time
-- and which of the two it was are fixed when the booking is made. 'expired' is not among the
-- statuses the bookings_hold_space trigger (migration 0008) counts, so the move frees the space.
ALTER TABLE "bookings" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "expired_reason" text;--> statement-breakpoint
UPDATE "bookings" b SET
  "expires_at" = least(b."created_at" + interval '24 hours', d.at - interval '2 hours'),
  "expired_reason" = CASE WHEN d.at - interval '2 hours' < b."created_at" + interval '24 hours'
    THEN 'departure' ELSE 'unanswered' END
FROM (
  SELECT l."id", ((l."departure" || ' ' || l."time")::timestamp AT TIME ZONE coalesce(a."time_zone", 'UTC')) AS at
  FROM "listings" l LEFT JOIN "airports" a ON a."code" = l."from_code"
) d
WHERE d."id" = b."listing_id" AND b."status" = 'pending';
--> statement-breakpoint
-- Housekeeping finds the overdue ones by this index; only pending rows are in it.
CREATE INDEX "bookings_pending_expiry_idx" ON "bookings" USING btree ("expires_at") WHERE "status" = 'pending';--> statement-breakpoint
-- Averages count the latest rating of each rater per ratee, so repeat bookings between the same
-- two people weigh once: total is the sum of those latest stars, people how many raters, count
-- every rating given. Backfilled from the ratings table.
ALTER TABLE "rating_totals" ADD COLUMN "people" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "rating_totals" t SET "total" = x.total, "count" = x.count, "people" = x.people
FROM (
  SELECT "ratee_id",
    sum("stars") FILTER (WHERE latest)::integer AS total,
    count(*)::integer AS count,
    count(*) FILTER (WHERE latest)::integer AS people
  FROM (
    SELECT "ratee_id", "stars",
      row_number() OVER (PARTITION BY "ratee_id", "rater_id" ORDER BY "created_at" DESC, "booking_id" DESC) = 1 AS latest
    FROM "ratings"
  ) r
  GROUP BY "ratee_id"
) x
WHERE t."user_id" = x."ratee_id";
--> statement-breakpoint
-- Pull views were kept per client id, so every new client id a user invented stored a manifest.
-- They are kept per user now (a few per user, src/server/routes/sync/pull-guard.ts): views are a
-- cache, so the old rows go and each client gets its whole snapshot once.
DROP TABLE "sync_views";--> statement-breakpoint
CREATE TABLE "sync_views" (
	"user_id" text NOT NULL,
	"cookie" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sync_views_user_id_cookie_pk" PRIMARY KEY("user_id","cookie")
);
--> statement-breakpoint
CREATE INDEX "sync_views_created_idx" ON "sync_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sync_views_user_idx" ON "sync_views" USING btree ("user_id","created_at");
