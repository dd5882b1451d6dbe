-- Plans change (issue 28): a booking keeps why it ended and who ended it, whether it was completed
-- before its flight left, and when its carrier last changed the flight or its time (the traveller
-- may then cancel without the cut-off); a listing keeps when its carrier withdrew it (search, the
-- watched mirrors and booking leave it out from then on).
ALTER TABLE "bookings" ADD COLUMN "ended_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reason_text" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completed_early" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
-- The booking columns the device shows, as 0024 listed them, plus the new ones: a change of the
-- flight's time (flight_changed_at) logs both sides' rows without a change of status.
DROP TRIGGER "bookings_sync_log_update" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_sync_log_update" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN ((OLD.status, OLD.traveller_id, OLD.carrier_id) IS NOT DISTINCT FROM (NEW.status, NEW.traveller_id, NEW.carrier_id)
    AND (NEW.listing_id, NEW.name, NEW.email, NEW.phone, NEW.weight_grams, NEW.cost, NEW.carrier_name,
      NEW.carrier_email, NEW.carrier_phone, NEW.created_at, NEW.updated_at, NEW.accepted_at, NEW.ended_at,
      NEW.handoff_code, NEW.expired_reason, NEW.ended_by, NEW.reason_code, NEW.reason_text, NEW.completed_early,
      NEW.flight_changed_at)
    IS DISTINCT FROM (OLD.listing_id, OLD.name, OLD.email, OLD.phone, OLD.weight_grams, OLD.cost, OLD.carrier_name,
      OLD.carrier_email, OLD.carrier_phone, OLD.created_at, OLD.updated_at, OLD.accepted_at, OLD.ended_at,
      OLD.handoff_code, OLD.expired_reason, OLD.ended_by, OLD.reason_code, OLD.reason_text, OLD.completed_early,
      OLD.flight_changed_at))
  EXECUTE FUNCTION sync_log_row('bookings', 'orders');
