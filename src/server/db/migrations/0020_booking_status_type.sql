-- A booking's status as a type the database knows: BOOKING_STATUSES of src/domain/booking/status.ts,
-- in its order (schema.ts builds the Drizzle enum from that list; tests/server/booking-status-type
-- compares the two). A new status is an ALTER TYPE ... ADD VALUE in a later migration. Every row
-- was written with one of these statuses, so the cast keeps them all; any other value stops the
-- migration rather than being guessed at.
CREATE TYPE "booking_status" AS ENUM ('pending', 'accepted', 'rejected', 'cancelled', 'completed', 'expired');
--> statement-breakpoint
-- The statuses whose weight holds a listing's space (HOLDS_SPACE in src/domain/booking/status.ts),
-- said once for SQL: the bookings_hold_space trigger asks this function.
CREATE FUNCTION "booking_status_holds_space"("status" "booking_status") RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT "status" IN ('pending', 'accepted', 'completed') $$;
--> statement-breakpoint
-- A column named in a trigger's UPDATE OF list cannot change type, nor one compared with text in
-- a partial index's predicate: the trigger and the index go, and come back below.
DROP TRIGGER "bookings_hold_space" ON "bookings";
--> statement-breakpoint
DROP INDEX "bookings_pending_expiry_idx";
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "status" SET DATA TYPE "booking_status" USING "status"::"booking_status";
--> statement-breakpoint
CREATE INDEX "bookings_pending_expiry_idx" ON "bookings" USING btree ("expires_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bookings_hold_space"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_held integer := 0;
  now_held integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND "booking_status_holds_space"(OLD."status") THEN
    was_held := OLD."weight_grams";
  END IF;
  IF TG_OP <> 'DELETE' AND "booking_status_holds_space"(NEW."status") THEN
    now_held := NEW."weight_grams";
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."listing_id" <> NEW."listing_id" THEN
    UPDATE "listings" SET "held_grams" = "held_grams" - was_held WHERE "id" = OLD."listing_id";
    UPDATE "listings" SET "held_grams" = "held_grams" + now_held WHERE "id" = NEW."listing_id";
  ELSIF now_held <> was_held THEN
    UPDATE "listings" SET "held_grams" = "held_grams" + now_held - was_held
    WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."listing_id" ELSE NEW."listing_id" END;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_hold_space"
AFTER INSERT OR DELETE OR UPDATE OF "status", "weight_grams", "listing_id" ON "bookings"
FOR EACH ROW EXECUTE FUNCTION "bookings_hold_space"();
