-- Payments at the hand-off (issue 31). A booking keeps the price per KG it was made at (its total,
-- `cost`, already was), the carrier's UPI ID copied from their profile (refreshed while the booking
-- is open), and the record of its payment: the traveller's claim ("I paid", with the UPI
-- transaction reference), the carrier's word (received by UPI or in cash, or a dispute of the
-- claim). Disputes are kept in a table of their own for the team to follow up. Earnings are kept
-- summed by user, side and month of completion (India's time) in earnings_months, which a trigger
-- on bookings keeps in step in the writing transaction, so reading a year of them is 12 rows.
ALTER TABLE "users" ADD COLUMN "upi_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_per_kg" double precision;--> statement-breakpoint
UPDATE "bookings" SET "price_per_kg" = round(("cost" * 1000 / greatest("weight_grams", 1))::numeric, 2)::double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "carrier_upi" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_state" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_claim_ref" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_state_check" CHECK ("payment_state" IS NULL OR "payment_state" IN ('claimed', 'received', 'disputed'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_method_check" CHECK ("payment_method" IS NULL OR "payment_method" IN ('upi', 'cash'));--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"raised_by" text NOT NULL,
	"claimed_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_open_idx" ON "payment_disputes" USING btree ("created_at") WHERE "payment_disputes"."resolved_at" IS NULL;--> statement-breakpoint
-- The profile shows its own UPI ID: a change of it is logged like the other details.
DROP TRIGGER "users_sync_log_update" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_sync_log_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN ((NEW.name, NEW.phone, NEW.gender, NEW.age, NEW.upi_id) IS DISTINCT FROM (OLD.name, OLD.phone, OLD.gender, OLD.age, OLD.upi_id))
  EXECUTE FUNCTION sync_log_row('profile');--> statement-breakpoint
-- An order shows its price, payee and payment record: a change of them is logged for both sides
-- (the columns 0029 listed, plus these).
DROP TRIGGER "bookings_sync_log_update" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_sync_log_update" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN ((OLD.status, OLD.traveller_id, OLD.carrier_id) IS NOT DISTINCT FROM (NEW.status, NEW.traveller_id, NEW.carrier_id)
    AND (NEW.listing_id, NEW.name, NEW.email, NEW.phone, NEW.weight_grams, NEW.cost, NEW.carrier_name,
      NEW.carrier_email, NEW.carrier_phone, NEW.created_at, NEW.updated_at, NEW.accepted_at, NEW.ended_at,
      NEW.handoff_code, NEW.expired_reason, NEW.ended_by, NEW.reason_code, NEW.reason_text, NEW.completed_early,
      NEW.flight_changed_at, NEW.price_per_kg, NEW.carrier_upi, NEW.payment_state,
      NEW.payment_method, NEW.payment_ref, NEW.payment_claim_ref, NEW.payment_claimed_at, NEW.paid_at)
    IS DISTINCT FROM (OLD.listing_id, OLD.name, OLD.email, OLD.phone, OLD.weight_grams, OLD.cost, OLD.carrier_name,
      OLD.carrier_email, OLD.carrier_phone, OLD.created_at, OLD.updated_at, OLD.accepted_at, OLD.ended_at,
      OLD.handoff_code, OLD.expired_reason, OLD.ended_by, OLD.reason_code, OLD.reason_text, OLD.completed_early,
      OLD.flight_changed_at, OLD.price_per_kg, OLD.carrier_upi, OLD.payment_state,
      OLD.payment_method, OLD.payment_ref, OLD.payment_claim_ref, OLD.payment_claimed_at, OLD.paid_at))
  EXECUTE FUNCTION sync_log_row('bookings', 'orders');
--> statement-breakpoint
CREATE TABLE "earnings_months" (
	"user_id" text NOT NULL,
	"side" text NOT NULL,
	"month" text NOT NULL,
	"bookings" integer NOT NULL,
	"received" numeric(14, 2) NOT NULL,
	"claimed" numeric(14, 2) NOT NULL,
	"owed" numeric(14, 2) NOT NULL,
	CONSTRAINT "earnings_months_user_id_side_month_pk" PRIMARY KEY("user_id","side","month")
);--> statement-breakpoint
-- A completed booking's share of both sides' month: counted once, its total under received,
-- claimed or owed by its payment state; `sign` -1 takes it back out (before a change, or deleted).
CREATE FUNCTION earnings_add(carrier text, traveller text, ended timestamptz, total double precision, state text, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO earnings_months AS e ("user_id", "side", "month", "bookings", "received", "claimed", "owed")
  SELECT v.u, v.s, to_char(ended AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM'), sign,
         CASE WHEN state = 'received' THEN sign * total ELSE 0 END,
         CASE WHEN state = 'claimed' THEN sign * total ELSE 0 END,
         CASE WHEN state IS NULL OR state = 'disputed' THEN sign * total ELSE 0 END
  FROM (VALUES (carrier, 'carrier'), (traveller, 'traveller')) AS v(u, s)
  ON CONFLICT ("user_id", "side", "month") DO UPDATE SET
    "bookings" = e."bookings" + EXCLUDED."bookings",
    "received" = e."received" + EXCLUDED."received",
    "claimed" = e."claimed" + EXCLUDED."claimed",
    "owed" = e."owed" + EXCLUDED."owed";
END $$;--> statement-breakpoint
CREATE FUNCTION earnings_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' AND OLD.ended_at IS NOT NULL THEN
    PERFORM earnings_add(OLD.carrier_id, OLD.traveller_id, OLD.ended_at, OLD.cost, OLD.payment_state, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' AND NEW.ended_at IS NOT NULL THEN
    PERFORM earnings_add(NEW.carrier_id, NEW.traveller_id, NEW.ended_at, NEW.cost, NEW.payment_state, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_earnings" AFTER INSERT OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION earnings_track();--> statement-breakpoint
CREATE TRIGGER "bookings_earnings_update" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN ((OLD.status = 'completed' OR NEW.status = 'completed')
    AND (OLD.status, OLD.ended_at, OLD.cost, OLD.payment_state, OLD.carrier_id, OLD.traveller_id)
      IS DISTINCT FROM (NEW.status, NEW.ended_at, NEW.cost, NEW.payment_state, NEW.carrier_id, NEW.traveller_id))
  EXECUTE FUNCTION earnings_track();--> statement-breakpoint
-- The bookings completed before this migration.
INSERT INTO "earnings_months" ("user_id", "side", "month", "bookings", "received", "claimed", "owed")
SELECT u, s, m, count(*)::int,
       coalesce(sum("cost") FILTER (WHERE "payment_state" = 'received'), 0),
       coalesce(sum("cost") FILTER (WHERE "payment_state" = 'claimed'), 0),
       coalesce(sum("cost") FILTER (WHERE "payment_state" IS NULL OR "payment_state" = 'disputed'), 0)
FROM (
  SELECT "carrier_id" AS u, 'carrier' AS s, to_char("ended_at" AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS m, "cost", "payment_state"
  FROM "bookings" WHERE "status" = 'completed' AND "ended_at" IS NOT NULL
  UNION ALL
  SELECT "traveller_id", 'traveller', to_char("ended_at" AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM'), "cost", "payment_state"
  FROM "bookings" WHERE "status" = 'completed' AND "ended_at" IS NOT NULL
) AS b
GROUP BY u, s, m;