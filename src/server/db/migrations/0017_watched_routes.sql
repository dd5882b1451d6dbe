-- Watched routes: a traveller's searches (route, date, days either side) whose listings the
-- device mirrors as the pull's `watched` collection. first_day and last_day are the dates the
-- watch covers, written by the mutator, so the listings trigger finds a listing's watchers by
-- index without date arithmetic.
CREATE TABLE "watches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"from_code" text NOT NULL,
	"to_code" text NOT NULL,
	"departure" text NOT NULL,
	"days" integer NOT NULL,
	"first_day" text NOT NULL,
	"last_day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watches_days_range" CHECK ("days" BETWEEN 0 AND 3)
);
--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "watches_user_route_unique" ON "watches" USING btree ("user_id","from_code","to_code","departure");
--> statement-breakpoint
CREATE INDEX "watches_route_idx" ON "watches" USING btree ("from_code","to_code","last_day");
--> statement-breakpoint
-- Change log (migration 0016): the pull's `watches` (the owner's) and `watched` (the listings a
-- watch covers, per watcher) are logged by the triggers below; sync_changes' own trigger pokes.
-- Listings that leave `watched` by time (closing, departed) log nothing: snapshots and by-id reads
-- leave them out, and the device hides them by the server's clock (src/data/listings.ts).
-- A watch: its own row for its owner, and the listings it covers (put) or covered (deleted, unless
-- another watch of the owner still covers them) in the owner's `watched`.
CREATE FUNCTION sync_log_watches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    PERFORM sync_log(OLD.user_id, 'watches', OLD.id, true);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sync_log(NEW.user_id, 'watches', NEW.id, false);
  END IF;
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
CREATE TRIGGER watches_sync_log AFTER INSERT OR UPDATE OR DELETE ON watches
  FOR EACH ROW EXECUTE FUNCTION sync_log_watches();
--> statement-breakpoint
-- A listing, for everyone watching its route and date: a new listing, space taken or given back
-- (held_grams, moved by every booking), a status, price or flight change, a deletion. A listing
-- moved off a watcher's route or date is logged deleted for them (put again if another of their
-- watches covers the new one).
CREATE FUNCTION sync_log_watched_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE'
      AND (OLD.from_code, OLD.to_code, OLD.departure) IS DISTINCT FROM (NEW.from_code, NEW.to_code, NEW.departure)) THEN
    PERFORM sync_log(x.user_id, 'watched', OLD.id, true)
    FROM (SELECT DISTINCT w.user_id FROM watches w
      WHERE w.from_code = OLD.from_code AND w.to_code = OLD.to_code
        AND w.last_day >= OLD.departure AND w.first_day <= OLD.departure) x;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sync_log(x.user_id, 'watched', NEW.id, false)
    FROM (SELECT DISTINCT w.user_id FROM watches w
      WHERE w.from_code = NEW.from_code AND w.to_code = NEW.to_code
        AND w.last_day >= NEW.departure AND w.first_day <= NEW.departure) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listings_sync_log_watchers AFTER INSERT OR UPDATE OR DELETE ON listings
  FOR EACH ROW EXECUTE FUNCTION sync_log_watched_listings();
--> statement-breakpoint
-- A carrier's rating shows on their watched listings' cards (the listings not yet departed).
CREATE FUNCTION sync_log_rating_watchers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  PERFORM sync_log(x.user_id, 'watched', x.id, false)
  FROM (SELECT DISTINCT w.user_id, l.id FROM listings l
    JOIN watches w ON w.from_code = l.from_code AND w.to_code = l.to_code
      AND w.last_day >= l.departure AND w.first_day <= l.departure
    WHERE l.user_id = uid AND l.departure >= to_char(now() - interval '1 day', 'YYYY-MM-DD')) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rating_totals_sync_log_watchers AFTER INSERT OR UPDATE OR DELETE ON rating_totals
  FOR EACH ROW EXECUTE FUNCTION sync_log_rating_watchers();
