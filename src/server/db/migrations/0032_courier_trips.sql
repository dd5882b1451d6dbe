-- Courier requests that go somewhere (issue 30). A request names its route (from_code, to_code),
-- a date window (first_day..last_day, YYYY-MM-DD) and its weight; the Government ID number is
-- kept sealed (AES-256-GCM, src/server/auth/id-sealing.ts) beside its last 4 characters, never in
-- `details`. Its status follows COURIER_STATUSES (src/domain/courier/status.ts): submitted,
-- matched, booked, delivered, closed; every change of status is kept in courier_request_events
-- (its history, with the note set beside the status). Rows stored before keep no route (NULL):
-- they match nothing and show as they were.
ALTER TABLE "courier_requests" ADD COLUMN "from_code" text;--> statement-breakpoint
ALTER TABLE "courier_requests" ADD COLUMN "to_code" text;--> statement-breakpoint
ALTER TABLE "courier_requests" ADD COLUMN "first_day" text;--> statement-breakpoint
ALTER TABLE "courier_requests" ADD COLUMN "last_day" text;--> statement-breakpoint
ALTER TABLE "courier_requests" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "courier_requests" ADD COLUMN "id_number_sealed" text;--> statement-breakpoint
ALTER TABLE "courier_requests" ADD COLUMN "id_last4" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_requests" ADD COLUMN "booking_id" text REFERENCES "bookings"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "courier_requests" ADD COLUMN "status_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_requests" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
-- The old 'pending' is 'submitted'. The profile's counts read it as pending (profile.queries.ts).
DROP TRIGGER "courier_requests_sync_log_update" ON "courier_requests";--> statement-breakpoint
UPDATE "courier_requests" SET "status" = 'submitted' WHERE "status" NOT IN ('submitted', 'matched', 'booked', 'delivered', 'closed');--> statement-breakpoint
ALTER TABLE "courier_requests" ALTER COLUMN "status" SET DEFAULT 'submitted';--> statement-breakpoint
ALTER TABLE "courier_requests" ADD CONSTRAINT "courier_requests_status_check"
  CHECK ("status" IN ('submitted', 'matched', 'booked', 'delivered', 'closed'));--> statement-breakpoint
CREATE TRIGGER "courier_requests_sync_log_update" AFTER UPDATE ON "courier_requests"
  FOR EACH ROW WHEN ((NEW.user_id, NEW.status) IS DISTINCT FROM (OLD.user_id, OLD.status))
  EXECUTE FUNCTION sync_log_row('profile');--> statement-breakpoint
-- Open requests by route and window: the requests a new listing matches (its notice, its status).
CREATE INDEX "courier_requests_route_idx" ON "courier_requests" ("from_code", "to_code", "last_day")
  WHERE "status" IN ('submitted', 'matched');--> statement-breakpoint
CREATE INDEX "courier_requests_booking_idx" ON "courier_requests" ("booking_id")
  WHERE "booking_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "courier_request_events" (
  "id" bigserial PRIMARY KEY,
  "request_id" text NOT NULL REFERENCES "courier_requests"("id") ON DELETE CASCADE,
  "status" text NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "courier_request_events_request_idx" ON "courier_request_events" ("request_id", "id");--> statement-breakpoint
INSERT INTO "courier_request_events" ("request_id", "status", "at")
  SELECT "id", "status", "created_at" FROM "courier_requests";--> statement-breakpoint
-- The history: one event per status a request takes, with the note written beside it (whoever
-- moves it: the sender's withdraw, a booking, the team). At insert, its creation time.
CREATE FUNCTION courier_request_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO courier_request_events ("request_id", "status", "note", "at")
  VALUES (NEW.id, NEW.status, NEW.status_note,
    CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE coalesce(NEW.updated_at, now()) END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "courier_requests_history" AFTER INSERT ON "courier_requests"
  FOR EACH ROW EXECUTE FUNCTION courier_request_history();--> statement-breakpoint
CREATE TRIGGER "courier_requests_history_update" AFTER UPDATE ON "courier_requests"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION courier_request_history();--> statement-breakpoint
-- The sender's `couriers` collection (the pull): the request itself, every column.
CREATE TRIGGER "courier_requests_sync_log_couriers" AFTER INSERT OR DELETE ON "courier_requests"
  FOR EACH ROW EXECUTE FUNCTION sync_log_row('couriers');--> statement-breakpoint
CREATE TRIGGER "courier_requests_sync_log_couriers_update" AFTER UPDATE ON "courier_requests"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_log_row('couriers');--> statement-breakpoint
-- A request's matches are the listings on its route and dates: a listing that comes, changes
-- (its space) or goes logs the open requests it matches, before and after.
CREATE FUNCTION sync_log_courier_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM sync_log(c.user_id, 'couriers', c.id, false) FROM courier_requests c
    WHERE c.from_code = OLD.from_code AND c.to_code = OLD.to_code AND c.status IN ('submitted', 'matched')
      AND c.first_day <= OLD.departure AND c.last_day >= OLD.departure;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sync_log(c.user_id, 'couriers', c.id, false) FROM courier_requests c
    WHERE c.from_code = NEW.from_code AND c.to_code = NEW.to_code AND c.status IN ('submitted', 'matched')
      AND c.first_day <= NEW.departure AND c.last_day >= NEW.departure;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_sync_log_couriers" AFTER INSERT OR DELETE ON "listings"
  FOR EACH ROW EXECUTE FUNCTION sync_log_courier_matches();--> statement-breakpoint
CREATE TRIGGER "listings_sync_log_couriers_update" AFTER UPDATE ON "listings"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_log_courier_matches();--> statement-breakpoint
-- A request booked follows its booking: delivered once it completes; matched again (the booking
-- let go) when it is declined, cancelled or expires.
CREATE FUNCTION courier_request_follow_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status::text = 'completed' THEN
    UPDATE courier_requests SET status = 'delivered', status_note = 'The carrier handed the item over',
      updated_at = now() WHERE booking_id = NEW.id AND status = 'booked';
  ELSIF NEW.status::text IN ('rejected', 'cancelled', 'expired') THEN
    UPDATE courier_requests SET status = 'matched', booking_id = NULL,
      status_note = 'The booking was ' || CASE NEW.status::text WHEN 'rejected' THEN 'declined' ELSE NEW.status::text END,
      updated_at = now() WHERE booking_id = NEW.id AND status = 'booked';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_courier_request" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION courier_request_follow_booking();
