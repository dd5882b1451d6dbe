-- Payments at the hand-off (issue 31). A booking keeps the price per KG it was made at (its total,
-- `cost`, already was), the carrier's UPI ID copied from their profile (refreshed while the booking
-- is open), and the record of its payment: the traveller's claim ("I paid", with the UPI
-- transaction reference), the carrier's word (received by UPI or in cash, or a dispute of the
-- claim). Disputes are kept in a table of their own for the team to follow up. Earnings read
-- completed bookings by side and completion time (partial indexes).
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
CREATE INDEX "bookings_carrier_earnings_idx" ON "bookings" USING btree ("carrier_id","ended_at") WHERE "bookings"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "bookings_traveller_earnings_idx" ON "bookings" USING btree ("traveller_id","ended_at") WHERE "bookings"."status" = 'completed';--> statement-breakpoint
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
-- An order shows its price, payee and payment record: a change of them is logged for both sides.
DROP TRIGGER "bookings_sync_log_update" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_sync_log_update" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN ((OLD.status, OLD.traveller_id, OLD.carrier_id) IS NOT DISTINCT FROM (NEW.status, NEW.traveller_id, NEW.carrier_id)
    AND (NEW.listing_id, NEW.name, NEW.email, NEW.phone, NEW.weight_grams, NEW.cost, NEW.carrier_name,
      NEW.carrier_email, NEW.carrier_phone, NEW.created_at, NEW.updated_at, NEW.accepted_at, NEW.ended_at,
      NEW.handoff_code, NEW.expired_reason, NEW.price_per_kg, NEW.carrier_upi, NEW.payment_state,
      NEW.payment_method, NEW.payment_ref, NEW.payment_claim_ref, NEW.payment_claimed_at, NEW.paid_at)
    IS DISTINCT FROM (OLD.listing_id, OLD.name, OLD.email, OLD.phone, OLD.weight_grams, OLD.cost, OLD.carrier_name,
      OLD.carrier_email, OLD.carrier_phone, OLD.created_at, OLD.updated_at, OLD.accepted_at, OLD.ended_at,
      OLD.handoff_code, OLD.expired_reason, OLD.price_per_kg, OLD.carrier_upi, OLD.payment_state,
      OLD.payment_method, OLD.payment_ref, OLD.payment_claim_ref, OLD.payment_claimed_at, OLD.paid_at))
  EXECUTE FUNCTION sync_log_row('bookings', 'orders');
