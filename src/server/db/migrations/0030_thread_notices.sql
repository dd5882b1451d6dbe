-- A chat message tells its recipient (issue 28): a push to each of their devices, or a mail with
-- none (the notifier's fan-out, as booking news), coalesced to one per thread and recipient in
-- THREAD_NOTICE_WINDOW_MS (src/domain/message/notice.ts, 3 minutes), never for one's own
-- messages, and none while the recipient looks at that thread (a device says so by
-- PUT /api/bookings/:bookingId/viewing, kept until `until`: it renews while the thread is on
-- screen). The trigger queues it in the message's own transaction, so post_message() stays one
-- database call; the row names only the user and the booking, and the notifier writes its words.
CREATE TABLE "thread_views" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"booking_id" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "thread_views_session_hash_sessions_token_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "sessions"("token_hash") ON DELETE cascade,
	CONSTRAINT "thread_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade,
	CONSTRAINT "thread_views_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "thread_views_thread_idx" ON "thread_views" ("user_id", "booking_id");
--> statement-breakpoint
CREATE TABLE "thread_notices" (
	"user_id" text NOT NULL,
	"booking_id" text NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "thread_notices_user_id_booking_id_pk" PRIMARY KEY ("user_id", "booking_id"),
	CONSTRAINT "thread_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade,
	CONSTRAINT "thread_notices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE cascade
);
--> statement-breakpoint
-- The recipient is the booking's other side (post_message() holds the booking's lock). A view
-- still running at the message's time stops it; else the thread's notice time is claimed if the
-- last one is THREAD_NOTICE_WINDOW_MS old (one statement: two senders at once cannot both claim),
-- and the row is queued as enqueue() queues booking news (src/server/notify/queue.ts): the user's
-- lane and backlog, never due before a row ahead of it in its lane.
CREATE FUNCTION queue_thread_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  recipient text;
  claimed text;
  who text;
BEGIN
  SELECT CASE WHEN b.carrier_id = NEW.sender_id THEN b.traveller_id ELSE b.carrier_id END
  INTO recipient FROM bookings b WHERE b.id = NEW.booking_id;
  IF recipient IS NULL OR recipient = NEW.sender_id THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM thread_views v
             WHERE v.user_id = recipient AND v.booking_id = NEW.booking_id AND v.until > NEW.sent_at) THEN
    RETURN NULL;
  END IF;
  INSERT INTO thread_notices AS t (user_id, booking_id, notified_at)
  VALUES (recipient, NEW.booking_id, NEW.sent_at)
  ON CONFLICT (user_id, booking_id) DO UPDATE SET notified_at = EXCLUDED.notified_at
  WHERE t.notified_at <= EXCLUDED.notified_at - interval '3 minutes'
  RETURNING t.user_id INTO claimed;
  IF claimed IS NULL THEN
    RETURN NULL;
  END IF;
  who := 'user:' || recipient;
  INSERT INTO outbound_messages (channel, payload, next_attempt_at, created_at, lane, recipient, priority, depth)
  VALUES ('thread',
    jsonb_build_object('channel', 'thread', 'userId', recipient, 'bookingId', NEW.booking_id),
    greatest(NEW.sent_at, (SELECT max(o.next_attempt_at) FROM outbound_messages o
                           WHERE o.lane = who AND o.failed_at IS NULL)),
    NEW.sent_at, who, who, 1,
    (SELECT coalesce(max(o.depth) + 1, 0) FROM outbound_messages o WHERE o.recipient = who AND o.failed_at IS NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_thread_notice" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION queue_thread_notice();
