-- Messages between a booking's traveller and its carrier (src/domain/message). A message is
-- stored under the id its device made (a pushed `message` mutation; a REST post gets one from the
-- server), so a mutation replayed by any path never stores it twice; `seq` is the thread's order
-- (writes to one thread take a lock on its booking, so seq order is commit order there).
CREATE TABLE "messages" (
  "id" text PRIMARY KEY NOT NULL,
  "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  "booking_id" text NOT NULL REFERENCES "bookings"("id"),
  "sender_id" text NOT NULL REFERENCES "users"("id"),
  "text" text NOT NULL,
  "sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_seq_unique" ON "messages" ("seq");
--> statement-breakpoint
-- A thread oldest to newest (pulls, GET /api/bookings/:id/messages?after=).
CREATE INDEX "messages_booking_idx" ON "messages" ("booking_id", "seq");
--> statement-breakpoint
-- A sender's messages of the last minute (the rate limit).
CREATE INDEX "messages_sender_idx" ON "messages" ("sender_id", "sent_at");
--> statement-breakpoint
-- Each side's last read message per thread: only moves forward.
CREATE TABLE "message_reads" (
  "booking_id" text NOT NULL REFERENCES "bookings"("id"),
  "user_id" text NOT NULL REFERENCES "users"("id"),
  "last_read_id" text NOT NULL REFERENCES "messages"("id"),
  "last_read_seq" bigint NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("booking_id", "user_id")
);
--> statement-breakpoint
-- Reported messages, kept for review with their thread (one report per message and reporter).
CREATE TABLE "message_reports" (
  "message_id" text NOT NULL REFERENCES "messages"("id"),
  "reporter_id" text NOT NULL REFERENCES "users"("id"),
  "booking_id" text NOT NULL REFERENCES "bookings"("id"),
  "reason" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("message_id", "reporter_id")
);
--> statement-breakpoint
CREATE INDEX "message_reports_created_idx" ON "message_reports" ("created_at");
--> statement-breakpoint
-- Change log (migration 0016): a message is in both sides' `messages`, a thread's read state
-- (row id: the booking's id) in both sides' `reads`; sync_changes' own trigger pokes them.
CREATE FUNCTION sync_log_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM sync_log(b.carrier_id, 'messages', OLD.id, TG_OP = 'DELETE'),
      sync_log(b.traveller_id, 'messages', OLD.id, TG_OP = 'DELETE')
    FROM bookings b WHERE b.id = OLD.booking_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sync_log(b.carrier_id, 'messages', NEW.id, false), sync_log(b.traveller_id, 'messages', NEW.id, false)
    FROM bookings b WHERE b.id = NEW.booking_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_sync_log AFTER INSERT OR UPDATE OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION sync_log_messages();
--> statement-breakpoint
CREATE FUNCTION sync_log_message_reads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM sync_log(b.carrier_id, 'reads', b.id, false), sync_log(b.traveller_id, 'reads', b.id, false)
    FROM bookings b WHERE b.id = OLD.booking_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sync_log(b.carrier_id, 'reads', b.id, false), sync_log(b.traveller_id, 'reads', b.id, false)
    FROM bookings b WHERE b.id = NEW.booking_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER message_reads_sync_log AFTER INSERT OR UPDATE OR DELETE ON message_reads
  FOR EACH ROW EXECUTE FUNCTION sync_log_message_reads();
