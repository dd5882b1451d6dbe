-- Live pokes: after a commit that changes a row a user can see (what their pull returns), every
-- such user gets one NOTIFY on 'carry_poke' with their id as the payload. PostgreSQL delivers
-- NOTIFY only at commit (nothing for a rollback) and sends identical payloads of one transaction
-- once, so a push of 250 mutations pokes each user once. Each server process LISTENs on one
-- connection and pokes its open streams (src/server/live).
CREATE FUNCTION carry_poke_users(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  id text;
BEGIN
  FOREACH id IN ARRAY ids LOOP
    IF id IS NOT NULL THEN
      PERFORM pg_notify('carry_poke', id);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- A listing is its owner's; its flight also shows in its travellers' bookings (held_grams,
-- moved by every booking, does not: only the owner sees it).
CREATE FUNCTION carry_poke_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM carry_poke_users(ARRAY[OLD.user_id]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM carry_poke_users(ARRAY[NEW.user_id]);
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.from_code, NEW.to_code, NEW.departure, NEW.time, NEW.airline, NEW.flight_no)
      IS DISTINCT FROM (OLD.from_code, OLD.to_code, OLD.departure, OLD.time, OLD.airline, OLD.flight_no) THEN
    PERFORM carry_poke_users(ARRAY(SELECT DISTINCT traveller_id FROM bookings WHERE listing_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listings_poke AFTER INSERT OR UPDATE OR DELETE ON listings
  FOR EACH ROW EXECUTE FUNCTION carry_poke_listings();
--> statement-breakpoint
-- A booking is seen by its traveller (My Bookings) and its carrier (Order History).
CREATE FUNCTION carry_poke_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM carry_poke_users(ARRAY[OLD.carrier_id, OLD.traveller_id]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM carry_poke_users(ARRAY[NEW.carrier_id, NEW.traveller_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_poke AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION carry_poke_bookings();
--> statement-breakpoint
-- A rating shows on the rater's order (my rating) and the ratee's profile (latest comments).
CREATE FUNCTION carry_poke_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM carry_poke_users(ARRAY[OLD.rater_id, OLD.ratee_id]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM carry_poke_users(ARRAY[NEW.rater_id, NEW.ratee_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ratings_poke AFTER INSERT OR UPDATE OR DELETE ON ratings
  FOR EACH ROW EXECUTE FUNCTION carry_poke_ratings();
--> statement-breakpoint
-- A user's rating summary shows on their profile and listings, and on the orders of everyone
-- who has a booking with them (the other side's rating).
CREATE FUNCTION carry_poke_rating_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  PERFORM carry_poke_users(ARRAY[uid]);
  PERFORM carry_poke_users(ARRAY(
    SELECT traveller_id FROM bookings WHERE carrier_id = uid
    UNION SELECT carrier_id FROM bookings WHERE traveller_id = uid));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rating_totals_poke AFTER INSERT OR UPDATE OR DELETE ON rating_totals
  FOR EACH ROW EXECUTE FUNCTION carry_poke_rating_totals();
--> statement-breakpoint
-- The profile: the user's own details and their courier requests' counts.
CREATE FUNCTION carry_poke_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM carry_poke_users(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END]);
  ELSE
    PERFORM carry_poke_users(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_poke AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION carry_poke_owner();
--> statement-breakpoint
CREATE TRIGGER courier_requests_poke AFTER INSERT OR UPDATE OR DELETE ON courier_requests
  FOR EACH ROW EXECUTE FUNCTION carry_poke_owner();
