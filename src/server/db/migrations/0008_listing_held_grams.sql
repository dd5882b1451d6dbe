DROP INDEX "bookings_held_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "held_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Space held on each listing, kept on the listing row so search reads one index range instead of
-- summing bookings per listing. The statuses that hold space are HOLDS_SPACE in
-- src/domain/booking/status.ts. A trigger keeps it for every writer (REST, sync push, SQL by hand),
-- in the writer's own transaction; a booking's write already locks its listing (book takes the
-- row FOR UPDATE), so the trigger's update adds no new lock order.
UPDATE "listings" l SET "held_grams" = h.grams
FROM (
  SELECT "listing_id", sum("weight_grams")::integer AS grams
  FROM "bookings"
  WHERE "status" IN ('pending', 'accepted', 'completed')
  GROUP BY "listing_id"
) h
WHERE l."id" = h."listing_id";
--> statement-breakpoint
CREATE FUNCTION "bookings_hold_space"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_held integer := 0;
  now_held integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" IN ('pending', 'accepted', 'completed') THEN
    was_held := OLD."weight_grams";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" IN ('pending', 'accepted', 'completed') THEN
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
