-- One place per rule (issue 18): the change log's triggers (1) and a message (2, at the end).
--
-- 1. The change log's triggers (0016, 0017, 0018). Each table had its own trigger function, and
-- most of them wrote the same rule again for their own columns: an unchanged update logs nothing;
-- a row is put in the collection of each user it names; a deleted row, or one whose user changed,
-- is a tombstone for the user who saw it; a profile's row is its user. Now one function,
-- sync_log_row(), holds that rule and says, once per table, which users see a row. What is
-- particular to a table (a listing's flight on its bookings, a watch's listings, a listing's
-- watchers, a new name on the comments a user wrote, a rating everywhere it shows) stays in a
-- function of its own, with no copy of the rule. Static PL/pgSQL throughout (no dynamic SQL): a
-- plan per connection, as before. (sync_log_ratings and sync_log_watched_listings, which wrote no
-- copy of it but their own one-line test of an unchanged row, and their triggers, stay as they were.)
--
-- "Unchanged" is each trigger's WHEN, which PostgreSQL tests before calling any function: an
-- update that changes nothing a collection shows (a hand-off attempt counted, a booking's expiry)
-- no longer calls PL/pgSQL at all. A WHEN cannot name OLD on INSERT nor NEW on DELETE, so a logged
-- table has one trigger for inserts and deletes and one for updates. A column named in a WHEN
-- cannot change type while the trigger exists: a migration that alters one drops the trigger
-- first and creates it again (as 0020 does for bookings_hold_space).
--
-- The change log's one trigger function. TG_ARGV: the collection the row is in for each of its
-- users, in the order below (bookings: its own two, then a profile for each side). 'profile' is
-- the user's own profile row (its id: the user's), which a change to another table's row only
-- puts. The users who see a row, once per table:
--   listings, watches, courier_requests: user_id;  users: id;
--   bookings: traveller_id, carrier_id (and again, for TG_ARGV's profiles);
--   messages, message_reads: their booking's carrier_id and traveller_id. A read state's row is
--   its thread (the booking's id), which outlives a side's read row: never a tombstone.
-- Then the rule, in at most two statements: the user who saw the row gets a tombstone once it is
-- deleted or no longer theirs (a profile: put); each user who sees it now gets it put. Unchanged
-- updates never get here (each trigger's WHEN).
CREATE FUNCTION sync_log_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_users text[];
  new_users text[];
  old_row text;
  new_row text;
  lasting boolean := false;
BEGIN
  IF TG_TABLE_NAME IN ('listings', 'watches', 'courier_requests') THEN
    IF TG_OP <> 'INSERT' THEN old_users := ARRAY[OLD.user_id]; old_row := OLD.id; END IF;
    IF TG_OP <> 'DELETE' THEN new_users := ARRAY[NEW.user_id]; new_row := NEW.id; END IF;
  ELSIF TG_TABLE_NAME = 'bookings' THEN
    IF TG_OP <> 'INSERT' THEN
      old_users := ARRAY[OLD.traveller_id, OLD.carrier_id, OLD.traveller_id, OLD.carrier_id];
      old_row := OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      new_users := ARRAY[NEW.traveller_id, NEW.carrier_id, NEW.traveller_id, NEW.carrier_id];
      new_row := NEW.id;
    END IF;
  ELSIF TG_TABLE_NAME = 'messages' OR TG_TABLE_NAME = 'message_reads' THEN
    IF TG_OP <> 'INSERT' THEN
      SELECT ARRAY[b.carrier_id, b.traveller_id] INTO old_users FROM bookings b WHERE b.id = OLD.booking_id;
      old_row := OLD.booking_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      SELECT ARRAY[b.carrier_id, b.traveller_id] INTO new_users FROM bookings b WHERE b.id = NEW.booking_id;
      new_row := NEW.booking_id;
    END IF;
    -- A message is its own row (PL/pgSQL reads a field only in a table that has it).
    IF TG_TABLE_NAME = 'messages' THEN
      IF TG_OP <> 'INSERT' THEN old_row := OLD.id; END IF;
      IF TG_OP <> 'DELETE' THEN new_row := NEW.id; END IF;
    ELSE
      lasting := true;
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    IF TG_OP <> 'INSERT' THEN old_users := ARRAY[OLD.id]; old_row := OLD.id; END IF;
    IF TG_OP <> 'DELETE' THEN new_users := ARRAY[NEW.id]; new_row := NEW.id; END IF;
  ELSE
    RAISE EXCEPTION 'sync_log_row() does not know who sees a row of %', TG_TABLE_NAME;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND old_users IS DISTINCT FROM new_users) THEN
    PERFORM sync_log(x.was, x.coll, CASE WHEN x.coll = 'profile' THEN x.was ELSE old_row END,
                     x.coll <> 'profile' AND NOT lasting)
    FROM unnest(TG_ARGV, old_users, new_users) AS x(coll, was, now)
    WHERE x.coll IS NOT NULL AND (TG_OP = 'DELETE' OR x.was IS DISTINCT FROM x.now);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sync_log(x.now, x.coll, CASE WHEN x.coll = 'profile' THEN x.now ELSE new_row END, false)
    FROM unnest(TG_ARGV, new_users) AS x(coll, now)
    WHERE x.coll IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A listing's flight (from, to, departure, time, airline, flight_no) also shows on each of its
-- bookings: the traveller's booking and the carrier's order.
CREATE FUNCTION sync_log_listing_flight() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_log(b.traveller_id, 'bookings', b.id, false), sync_log(b.carrier_id, 'orders', b.id, false)
  FROM bookings b WHERE b.listing_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A watch's listings in its owner's `watched` (0017): those it covers (put), and those it covered
-- (deleted, unless another watch of the owner still covers them).
CREATE FUNCTION sync_log_watch_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM sync_log(OLD.user_id, 'watched', l.id, NOT EXISTS (
      SELECT 1 FROM watches w WHERE w.user_id = OLD.user_id AND w.from_code = l.from_code
        AND w.to_code = l.to_code AND w.first_day <= l.departure AND w.last_day >= l.departure))
    FROM listings l
    WHERE l.from_code = OLD.from_code AND l.to_code = OLD.to_code
      AND l.departure >= OLD.first_day AND l.departure <= OLD.last_day;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sync_log(NEW.user_id, 'watched', l.id, false)
    FROM listings l
    WHERE l.from_code = NEW.from_code AND l.to_code = NEW.to_code
      AND l.departure >= NEW.first_day AND l.departure <= NEW.last_day;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- rating_totals: a user's summary shows on their profile, on each of their listings
-- (carrierRating), on the other side of each of their bookings (otherRating: the traveller's
-- booking of their listings, the carrier's order of their bookings) and on the cards of their
-- listings not yet departed in the `watched` of everyone watching them. One function for what 0016
-- and 0017 did in two.
CREATE OR REPLACE FUNCTION sync_log_rating_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  PERFORM sync_log(uid, 'profile', uid, false);
  PERFORM sync_log(uid, 'listings', l.id, false) FROM listings l WHERE l.user_id = uid;
  PERFORM sync_log(b.traveller_id, 'bookings', b.id, false) FROM bookings b WHERE b.carrier_id = uid;
  PERFORM sync_log(b.carrier_id, 'orders', b.id, false) FROM bookings b WHERE b.traveller_id = uid;
  PERFORM sync_log(x.user_id, 'watched', x.id, false)
  FROM (SELECT DISTINCT w.user_id, l.id FROM listings l
    JOIN watches w ON w.from_code = l.from_code AND w.to_code = l.to_code
      AND w.last_day >= l.departure AND w.first_day <= l.departure
    WHERE l.user_id = uid AND l.departure >= to_char(now() - interval '1 day', 'YYYY-MM-DD')) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new name shows beside the user's comments on the profiles of the people they rated.
CREATE FUNCTION sync_log_rater_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_log(x.ratee_id, 'profile', x.ratee_id, false)
  FROM (SELECT DISTINCT ratee_id FROM ratings WHERE rater_id = NEW.id AND comment <> '') x;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "listings_sync_log" ON "listings";--> statement-breakpoint
DROP TRIGGER "bookings_sync_log" ON "bookings";--> statement-breakpoint
DROP TRIGGER "rating_totals_sync_log" ON "rating_totals";--> statement-breakpoint
DROP TRIGGER "rating_totals_sync_log_watchers" ON "rating_totals";--> statement-breakpoint
DROP TRIGGER "users_sync_log" ON "users";--> statement-breakpoint
DROP TRIGGER "courier_requests_sync_log" ON "courier_requests";--> statement-breakpoint
DROP TRIGGER "watches_sync_log" ON "watches";--> statement-breakpoint
DROP TRIGGER "messages_sync_log" ON "messages";--> statement-breakpoint
DROP TRIGGER "message_reads_sync_log" ON "message_reads";--> statement-breakpoint
DROP FUNCTION sync_log_listings();--> statement-breakpoint
DROP FUNCTION sync_log_bookings();--> statement-breakpoint
DROP FUNCTION sync_log_rating_watchers();--> statement-breakpoint
DROP FUNCTION sync_log_users();--> statement-breakpoint
DROP FUNCTION sync_log_courier_requests();--> statement-breakpoint
DROP FUNCTION sync_log_watches();--> statement-breakpoint
DROP FUNCTION sync_log_messages();--> statement-breakpoint
DROP FUNCTION sync_log_message_reads();--> statement-breakpoint
-- listings: the owner's Listings (every column, held_grams included) and its flight on its
-- bookings (its watchers' `watched`: listings_sync_log_watchers, 0017, as it was).
CREATE TRIGGER "listings_sync_log" AFTER INSERT OR DELETE ON "listings"
  FOR EACH ROW EXECUTE FUNCTION sync_log_row('listings');--> statement-breakpoint
CREATE TRIGGER "listings_sync_log_update" AFTER UPDATE ON "listings"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_log_row('listings');--> statement-breakpoint
CREATE TRIGGER "listings_sync_log_flight" AFTER UPDATE ON "listings"
  FOR EACH ROW WHEN ((NEW.from_code, NEW.to_code, NEW.departure, NEW.time, NEW.airline, NEW.flight_no)
    IS DISTINCT FROM (OLD.from_code, OLD.to_code, OLD.departure, OLD.time, OLD.airline, OLD.flight_no))
  EXECUTE FUNCTION sync_log_listing_flight();--> statement-breakpoint
-- bookings: the traveller's booking and the carrier's order (every column but the hand-off
-- attempt counters and the expiry deadline, which no answer shows), and both profiles' counts by
-- status (a new or deleted booking, a new status or side). The two update triggers never both
-- fire: a change of status or side is logged with the counts, in one call.
CREATE TRIGGER "bookings_sync_log" AFTER INSERT OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION sync_log_row('bookings', 'orders', 'profile', 'profile');--> statement-breakpoint
CREATE TRIGGER "bookings_sync_log_update" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN ((OLD.status, OLD.traveller_id, OLD.carrier_id) IS NOT DISTINCT FROM (NEW.status, NEW.traveller_id, NEW.carrier_id)
    AND (NEW.listing_id, NEW.name, NEW.email, NEW.phone, NEW.weight_grams, NEW.cost, NEW.carrier_name,
      NEW.carrier_email, NEW.carrier_phone, NEW.created_at, NEW.updated_at, NEW.accepted_at, NEW.ended_at,
      NEW.handoff_code, NEW.expired_reason)
    IS DISTINCT FROM (OLD.listing_id, OLD.name, OLD.email, OLD.phone, OLD.weight_grams, OLD.cost, OLD.carrier_name,
      OLD.carrier_email, OLD.carrier_phone, OLD.created_at, OLD.updated_at, OLD.accepted_at, OLD.ended_at,
      OLD.handoff_code, OLD.expired_reason))
  EXECUTE FUNCTION sync_log_row('bookings', 'orders');--> statement-breakpoint
CREATE TRIGGER "bookings_sync_log_status" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN ((OLD.status, OLD.traveller_id, OLD.carrier_id) IS DISTINCT FROM (NEW.status, NEW.traveller_id, NEW.carrier_id))
  EXECUTE FUNCTION sync_log_row('bookings', 'orders', 'profile', 'profile');--> statement-breakpoint
-- rating_totals: one trigger where 0016 and 0017 had two.
CREATE TRIGGER "rating_totals_sync_log" AFTER INSERT OR DELETE ON "rating_totals"
  FOR EACH ROW EXECUTE FUNCTION sync_log_rating_totals();--> statement-breakpoint
CREATE TRIGGER "rating_totals_sync_log_update" AFTER UPDATE ON "rating_totals"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_log_rating_totals();--> statement-breakpoint
-- users: the profile's details; a new name also on the comments the user wrote.
CREATE TRIGGER "users_sync_log" AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION sync_log_row('profile');--> statement-breakpoint
CREATE TRIGGER "users_sync_log_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN ((NEW.name, NEW.phone, NEW.gender, NEW.age) IS DISTINCT FROM (OLD.name, OLD.phone, OLD.gender, OLD.age))
  EXECUTE FUNCTION sync_log_row('profile');--> statement-breakpoint
CREATE TRIGGER "users_sync_log_name" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name) EXECUTE FUNCTION sync_log_rater_name();--> statement-breakpoint
-- courier_requests: their counts by status on the owner's profile.
CREATE TRIGGER "courier_requests_sync_log" AFTER INSERT OR DELETE ON "courier_requests"
  FOR EACH ROW EXECUTE FUNCTION sync_log_row('profile');--> statement-breakpoint
CREATE TRIGGER "courier_requests_sync_log_update" AFTER UPDATE ON "courier_requests"
  FOR EACH ROW WHEN ((NEW.user_id, NEW.status) IS DISTINCT FROM (OLD.user_id, OLD.status))
  EXECUTE FUNCTION sync_log_row('profile');--> statement-breakpoint
-- watches: the owner's `watches`, and the listings each covers in their `watched`.
CREATE TRIGGER "watches_sync_log" AFTER INSERT OR DELETE ON "watches"
  FOR EACH ROW EXECUTE FUNCTION sync_log_row('watches');--> statement-breakpoint
CREATE TRIGGER "watches_sync_log_update" AFTER UPDATE ON "watches"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_log_row('watches');--> statement-breakpoint
CREATE TRIGGER "watches_sync_log_watched" AFTER INSERT OR DELETE ON "watches"
  FOR EACH ROW EXECUTE FUNCTION sync_log_watch_listings();--> statement-breakpoint
CREATE TRIGGER "watches_sync_log_watched_update" AFTER UPDATE ON "watches"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_log_watch_listings();--> statement-breakpoint
-- messages, message_reads: both sides of the thread.
CREATE TRIGGER "messages_sync_log" AFTER INSERT OR DELETE ON "messages"
  FOR EACH ROW EXECUTE FUNCTION sync_log_row('messages', 'messages');--> statement-breakpoint
CREATE TRIGGER "messages_sync_log_update" AFTER UPDATE ON "messages"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_log_row('messages', 'messages');--> statement-breakpoint
CREATE TRIGGER "message_reads_sync_log" AFTER INSERT OR DELETE ON "message_reads"
  FOR EACH ROW EXECUTE FUNCTION sync_log_row('reads', 'reads');--> statement-breakpoint
CREATE TRIGGER "message_reads_sync_log_update" AFTER UPDATE ON "message_reads"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION sync_log_row('reads', 'reads');
--> statement-breakpoint
-- 2. A message: the rule (who may write in a thread, when it closes, the rate, an id stored once)
-- and the message's shape were written twice, in post_message() (0022, for REST) and in the
-- `message` mutator (TypeScript, for the sync push). post_message() is now the one place: the
-- mutator calls it too (src/server/model/messages.thread.ts postThreadMessage), without a key, in
-- the push's transaction or savepoint, and a refusal it raises rolls that back as a thrown
-- refusal did. From the mutator it takes the rule it lacked, a message stored under its id before:
-- the same sender, booking and text again is answered with the stored message (outcome
-- 'replayed', 200), before the thread's state and the rate are looked at; anything else is
-- 409 message/id-reused. A REST post makes a new id every time, so it never meets that rule. The
-- answer comes back as the function built it (message_json, the shape toMessage in
-- src/server/model/messages.queries.ts gives the rows a pull or GET reads), so neither caller
-- builds it again; the OUT columns change, so the function is dropped and created again.
CREATE FUNCTION message_json(m messages, p_carrier text, p_viewer text) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', m.id, 'bookingId', m.booking_id,
    'from', CASE WHEN m.sender_id = p_carrier THEN 'carrier' ELSE 'traveller' END,
    'text', m.text, 'sentAt', to_char(m.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'seq', m.seq, 'mine', m.sender_id = p_viewer)
$$;
--> statement-breakpoint
DROP FUNCTION post_message(text, text, text, text, timestamptz, timestamptz, integer, interval, text, text, text,
                           text, timestamptz);
--> statement-breakpoint
-- The steps, in order: the key claimed (none: 'key-taken', nothing written: the caller finds the
-- stored answer the usual way); the sender's row and the booking locked FOR NO KEY UPDATE, with
-- the message stored under p_id if any (403 thread/forbidden unless the sender is a side of the
-- booking); a message stored under p_id answered again (above); 409 thread/closed once
-- p_open_after_end has passed since the booking ended (a pending booking past its expiry ended
-- then); the sender's messages since p_rate_since counted in a statement of its own, so it sees
-- every message committed by a transaction that held the sender's lock before (429
-- message/rate-limited, the oldest's time in DETAIL as epoch ms); the insert (its triggers log it
-- for both sides and poke them; an id taken meanwhile is answered as above); the answer stored
-- under the key. A refusal is raised (SQLSTATE P0001, the code as message): the statement, the
-- key's claim with it, leaves nothing behind. Times come from the caller (the server's clock).
CREATE FUNCTION post_message(p_booking text, p_sender text, p_id text, p_text text, p_now timestamptz,
                             p_rate_since timestamptz, p_per_minute integer, p_open_after_end interval,
                             p_key text, p_method text, p_path text, p_body_hash text,
                             p_key_live_after timestamptz)
RETURNS TABLE (outcome text, answer json)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  b record;
  claimed text;
  ended timestamptz;
  recent integer;
  m messages%ROWTYPE;
BEGIN
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys AS k (scope, key, method, path, body_hash, status, body, created_at)
    VALUES (p_sender, p_key, p_method, p_path, p_body_hash, 0, '{}'::jsonb, p_now)
    ON CONFLICT (scope, key) DO UPDATE SET method = EXCLUDED.method, path = EXCLUDED.path,
      body_hash = EXCLUDED.body_hash, status = 0, body = '{}'::jsonb, created_at = EXCLUDED.created_at
    WHERE k.created_at < p_key_live_after
    RETURNING k.key INTO claimed;
    IF claimed IS NULL THEN
      outcome := 'key-taken';
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;
  SELECT bk.id, bk.carrier_id, bk.traveller_id, bk.status::text AS status, bk.expires_at, bk.ended_at,
         bk.updated_at, s.id AS stored_id
  INTO b
  FROM bookings bk JOIN users u ON u.id = p_sender LEFT JOIN messages s ON s.id = p_id
  WHERE bk.id = p_booking
  FOR NO KEY UPDATE OF bk, u;
  IF NOT FOUND OR (b.carrier_id <> p_sender AND b.traveller_id <> p_sender) THEN
    RAISE EXCEPTION 'thread/forbidden';
  END IF;
  IF b.stored_id IS NULL THEN
    ended := CASE
      WHEN b.status = 'pending' AND b.expires_at IS NOT NULL AND b.expires_at <= p_now THEN b.expires_at
      WHEN b.status IN ('rejected', 'cancelled', 'completed', 'expired') THEN coalesce(b.ended_at, b.updated_at)
    END;
    IF ended IS NOT NULL AND p_now >= ended + p_open_after_end THEN
      RAISE EXCEPTION 'thread/closed';
    END IF;
    SELECT count(*) INTO recent FROM (
      SELECT 1 FROM messages r WHERE r.sender_id = p_sender AND r.sent_at > p_rate_since LIMIT p_per_minute
    ) w;
    IF recent >= p_per_minute THEN
      RAISE EXCEPTION 'message/rate-limited' USING DETAIL = (
        SELECT (extract(epoch FROM min(r.sent_at)) * 1000)::bigint::text
        FROM messages r WHERE r.sender_id = p_sender AND r.sent_at > p_rate_since);
    END IF;
    INSERT INTO messages AS n (id, booking_id, sender_id, text, sent_at)
    VALUES (p_id, b.id, p_sender, p_text, p_now)
    ON CONFLICT ON CONSTRAINT messages_pkey DO NOTHING
    RETURNING n.* INTO m;
  END IF;
  IF m.id IS NULL THEN
    SELECT * INTO m FROM messages s WHERE s.id = p_id;
    IF m.id IS NULL OR m.sender_id <> p_sender OR m.booking_id <> b.id OR m.text <> p_text THEN
      RAISE EXCEPTION 'message/id-reused';
    END IF;
    outcome := 'replayed';
  ELSE
    outcome := 'posted';
  END IF;
  answer := message_json(m, b.carrier_id, p_sender);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET status = CASE WHEN outcome = 'posted' THEN 201 ELSE 200 END, body = answer::jsonb
    WHERE k.scope = p_sender AND k.key = p_key;
  END IF;
  RETURN NEXT;
END $$;
