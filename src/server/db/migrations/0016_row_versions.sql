-- Row versions: a diff pull reads what changed since the state its cookie names, not every row the
-- user has. Every change to a row a user's pull returns upserts that user's entry in sync_changes,
-- in the writer's own transaction (triggers, like held_grams in 0008), with a new version from one
-- sequence and the writer's transaction id. The pull (src/server/routes/sync/sync.pull.ts) selects
-- the user's entries above the cookie's version, and those of transactions that were still running
-- when the cookie's state was read (a version taken before a commit that comes later). A deleted row,
-- or one the user no longer sees, keeps its entry as a tombstone until the retention prunes it and
-- raises the user's floor in sync_floors: a cookie below it gets the whole snapshot.
-- The manifests of sync_views are gone: the server keeps no per-client pull state.
DROP TABLE "sync_views";--> statement-breakpoint
CREATE SEQUENCE "sync_version";--> statement-breakpoint
CREATE TABLE "sync_changes" (
	"user_id" text NOT NULL,
	"collection" text NOT NULL,
	"row_id" text NOT NULL,
	"version" bigint DEFAULT nextval('sync_version') NOT NULL,
	"deleted" boolean NOT NULL,
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_changes_user_id_collection_row_id_pk" PRIMARY KEY("user_id","collection","row_id")
);--> statement-breakpoint
CREATE INDEX "sync_changes_user_version_idx" ON "sync_changes" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "sync_changes_user_xid_idx" ON "sync_changes" USING btree ("user_id","xid");--> statement-breakpoint
CREATE INDEX "sync_changes_tombstone_idx" ON "sync_changes" USING btree ("changed_at") WHERE "deleted";--> statement-breakpoint
CREATE TABLE "sync_floors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);--> statement-breakpoint
-- The one way to log a change: a later collection (messages, watched listings) adds a trigger
-- that calls it for every user who sees the changed row.
CREATE FUNCTION sync_log(uid text, coll text, rid text, gone boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF uid IS NULL OR rid IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO sync_changes AS c (user_id, collection, row_id, deleted)
  VALUES (uid, coll, rid, gone)
  ON CONFLICT (user_id, collection, row_id) DO UPDATE
  SET version = nextval('sync_version'), deleted = EXCLUDED.deleted,
      xid = pg_current_xact_id(), changed_at = now();
END $$;
--> statement-breakpoint
-- What a pull reads before it knows whether it needs rows (src/server/routes/sync/sync.pull.ts),
-- in the pull's repeatable-read snapshot: the client row, the user's top version and floor, the
-- transactions running at the snapshot, and the user's entries newer than the state a cookie names
-- (above p_version, or written by a transaction in p_running or at or above p_from). A PL/pgSQL
-- function keeps its plans per connection, so a pull plans one call, not these queries.
CREATE FUNCTION sync_pull_state(p_client text, p_user text, p_version bigint, p_running xid8[], p_from xid8)
RETURNS TABLE (client_user text, last_mutation bigint, top bigint, floor_version bigint, running text[],
               snapshot_xmin text, changed json)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
BEGIN
  SELECT c.user_id, c.last_mutation_id INTO client_user, last_mutation FROM sync_clients c WHERE c.id = p_client;
  SELECT coalesce(max(s.version), 0) INTO top FROM sync_changes s WHERE s.user_id = p_user;
  SELECT f.version INTO floor_version FROM sync_floors f WHERE f.user_id = p_user;
  running := ARRAY(SELECT x::text FROM pg_snapshot_xip(snap) AS x ORDER BY x);
  snapshot_xmin := pg_snapshot_xmin(snap)::text;
  changed := '[]'::json;
  IF p_version IS NOT NULL THEN
    SELECT coalesce(json_agg(json_build_object('collection', u.collection, 'row_id', u.row_id)), '[]'::json)
    INTO changed
    FROM (
      SELECT s.collection, s.row_id FROM sync_changes s WHERE s.user_id = p_user AND s.version > p_version
      UNION SELECT s.collection, s.row_id FROM sync_changes s WHERE s.user_id = p_user AND s.xid = ANY(p_running)
      UNION SELECT s.collection, s.row_id FROM sync_changes s WHERE s.user_id = p_user AND s.xid >= p_from
    ) u;
  END IF;
  RETURN NEXT;
END $$;
--> statement-breakpoint
-- Live pokes (0014) now come from the log: every entry written pokes its user. PostgreSQL sends
-- a transaction's identical notifications once, at commit, and none for a rollback.
DROP TRIGGER "listings_poke" ON "listings";--> statement-breakpoint
DROP TRIGGER "bookings_poke" ON "bookings";--> statement-breakpoint
DROP TRIGGER "ratings_poke" ON "ratings";--> statement-breakpoint
DROP TRIGGER "rating_totals_poke" ON "rating_totals";--> statement-breakpoint
DROP TRIGGER "users_poke" ON "users";--> statement-breakpoint
DROP TRIGGER "courier_requests_poke" ON "courier_requests";--> statement-breakpoint
DROP FUNCTION carry_poke_listings();--> statement-breakpoint
DROP FUNCTION carry_poke_bookings();--> statement-breakpoint
DROP FUNCTION carry_poke_ratings();--> statement-breakpoint
DROP FUNCTION carry_poke_rating_totals();--> statement-breakpoint
DROP FUNCTION carry_poke_owner();--> statement-breakpoint
DROP FUNCTION carry_poke_users(text[]);--> statement-breakpoint
CREATE FUNCTION sync_changes_poke() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carry_poke', NEW.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sync_changes_poke" AFTER INSERT OR UPDATE ON "sync_changes"
  FOR EACH ROW EXECUTE FUNCTION sync_changes_poke();
--> statement-breakpoint
-- listings (the carrier's Listings: every column, held_grams included). Its flight (from, to,
-- departure, time, airline, flight_no) also shows on each of its bookings: the traveller's booking
-- and the carrier's order.
CREATE FUNCTION sync_log_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    PERFORM sync_log(OLD.user_id, 'listings', OLD.id, true);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sync_log(NEW.user_id, 'listings', NEW.id, false);
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.from_code, NEW.to_code, NEW.departure, NEW.time, NEW.airline, NEW.flight_no)
      IS DISTINCT FROM (OLD.from_code, OLD.to_code, OLD.departure, OLD.time, OLD.airline, OLD.flight_no) THEN
    PERFORM sync_log(b.traveller_id, 'bookings', b.id, false), sync_log(b.carrier_id, 'orders', b.id, false)
    FROM bookings b WHERE b.listing_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "listings_sync_log" AFTER INSERT OR UPDATE OR DELETE ON "listings"
  FOR EACH ROW EXECUTE FUNCTION sync_log_listings();
--> statement-breakpoint
-- bookings: the traveller's booking and the carrier's order (every column but the hand-off
-- attempt counters and the expiry deadline, which no answer shows); a new status, a new booking or
-- a deleted one also moves both profiles' counts.
CREATE FUNCTION sync_log_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.listing_id, NEW.carrier_id, NEW.traveller_id, NEW.name, NEW.email, NEW.phone,
      NEW.weight_grams, NEW.cost, NEW.status, NEW.carrier_name, NEW.carrier_email, NEW.carrier_phone,
      NEW.created_at, NEW.updated_at, NEW.accepted_at, NEW.ended_at, NEW.handoff_code, NEW.expired_reason)
      IS NOT DISTINCT FROM (OLD.listing_id, OLD.carrier_id, OLD.traveller_id, OLD.name, OLD.email, OLD.phone,
      OLD.weight_grams, OLD.cost, OLD.status, OLD.carrier_name, OLD.carrier_email, OLD.carrier_phone,
      OLD.created_at, OLD.updated_at, OLD.accepted_at, OLD.ended_at, OLD.handoff_code, OLD.expired_reason) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.traveller_id IS DISTINCT FROM NEW.traveller_id) THEN
    PERFORM sync_log(OLD.traveller_id, 'bookings', OLD.id, true);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.carrier_id IS DISTINCT FROM NEW.carrier_id) THEN
    PERFORM sync_log(OLD.carrier_id, 'orders', OLD.id, true);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sync_log(NEW.traveller_id, 'bookings', NEW.id, false), sync_log(NEW.carrier_id, 'orders', NEW.id, false);
  END IF;
  -- The profiles' counts by status, on either side.
  IF TG_OP <> 'UPDATE' OR (OLD.status, OLD.traveller_id, OLD.carrier_id) IS DISTINCT FROM (NEW.status, NEW.traveller_id, NEW.carrier_id) THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM sync_log(OLD.traveller_id, 'profile', OLD.traveller_id, false), sync_log(OLD.carrier_id, 'profile', OLD.carrier_id, false);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM sync_log(NEW.traveller_id, 'profile', NEW.traveller_id, false), sync_log(NEW.carrier_id, 'profile', NEW.carrier_id, false);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_sync_log" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION sync_log_bookings();
--> statement-breakpoint
-- ratings: the rater's own rating shows on their side of the booking (myRating); a rating with a
-- comment shows on the ratee's profile (latest comments).
CREATE FUNCTION sync_log_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r ratings;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  FOREACH r IN ARRAY (CASE TG_OP WHEN 'INSERT' THEN ARRAY[NEW] WHEN 'DELETE' THEN ARRAY[OLD] ELSE ARRAY[OLD, NEW] END) LOOP
    PERFORM sync_log(b.traveller_id, 'bookings', b.id, false) FROM bookings b
      WHERE b.id = r.booking_id AND b.traveller_id = r.rater_id;
    PERFORM sync_log(b.carrier_id, 'orders', b.id, false) FROM bookings b
      WHERE b.id = r.booking_id AND b.carrier_id = r.rater_id;
    PERFORM sync_log(r.ratee_id, 'profile', r.ratee_id, false);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ratings_sync_log" AFTER INSERT OR UPDATE OR DELETE ON "ratings"
  FOR EACH ROW EXECUTE FUNCTION sync_log_ratings();
--> statement-breakpoint
-- rating_totals: a user's summary shows on their profile, on each of their listings
-- (carrierRating) and on the other side of each of their bookings (otherRating): the traveller's
-- booking of their listings, the carrier's order of their bookings.
CREATE FUNCTION sync_log_rating_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  PERFORM sync_log(uid, 'profile', uid, false);
  PERFORM sync_log(uid, 'listings', l.id, false) FROM listings l WHERE l.user_id = uid;
  PERFORM sync_log(b.traveller_id, 'bookings', b.id, false) FROM bookings b WHERE b.carrier_id = uid;
  PERFORM sync_log(b.carrier_id, 'orders', b.id, false) FROM bookings b WHERE b.traveller_id = uid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rating_totals_sync_log" AFTER INSERT OR UPDATE OR DELETE ON "rating_totals"
  FOR EACH ROW EXECUTE FUNCTION sync_log_rating_totals();
--> statement-breakpoint
-- users: the profile's details; the name also shows beside the user's comments on the profiles
-- of the people they rated.
CREATE FUNCTION sync_log_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.name, NEW.phone, NEW.gender, NEW.age) IS NOT DISTINCT FROM (OLD.name, OLD.phone, OLD.gender, OLD.age) THEN
    RETURN NULL;
  END IF;
  PERFORM sync_log(NEW.id, 'profile', NEW.id, false);
  IF TG_OP = 'UPDATE' AND NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM sync_log(x.ratee_id, 'profile', x.ratee_id, false)
    FROM (SELECT DISTINCT ratee_id FROM ratings WHERE rater_id = NEW.id AND comment <> '') x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_sync_log" AFTER INSERT OR UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION sync_log_users();
--> statement-breakpoint
-- courier_requests: their counts by status on the owner's profile.
CREATE FUNCTION sync_log_courier_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.user_id, NEW.status) IS NOT DISTINCT FROM (OLD.user_id, OLD.status) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM sync_log(OLD.user_id, 'profile', OLD.user_id, false);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sync_log(NEW.user_id, 'profile', NEW.user_id, false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "courier_requests_sync_log" AFTER INSERT OR UPDATE OR DELETE ON "courier_requests"
  FOR EACH ROW EXECUTE FUNCTION sync_log_courier_requests();
