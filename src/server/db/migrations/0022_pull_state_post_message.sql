-- Two hot paths in one statement each (issues 19 and 20).
--
-- 1. The diff pull's state (src/server/routes/sync/sync.pull.ts).
--
-- sync_pull_state (0016) with the usual cookie's read on its own: a cookie naming no running
-- transaction (almost every one) reads only the user's entries above its version, through the
-- (user_id, version) index. The three-way UNION stays for a cookie that names running
-- transactions or an xmin. Before, a pull with an empty list ran that branch too, and PL/pgSQL's
-- cached (generic) plan for `xid = ANY($)` read every entry of the user through the index on
-- user_id and filtered them: a cost that grew with the user's rows (10,000 rows: about 1 ms on
-- PostgreSQL, several on PGlite), on every pull. No dedupe is needed on the one branch: an entry
-- is unique per (user, collection, row).
CREATE OR REPLACE FUNCTION sync_pull_state(p_client text, p_user text, p_version bigint, p_running xid8[], p_from xid8)
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
  IF p_version IS NOT NULL AND p_from IS NULL AND coalesce(cardinality(p_running), 0) = 0 THEN
    SELECT coalesce(json_agg(json_build_object('collection', s.collection, 'row_id', s.row_id)), '[]'::json)
    INTO changed
    FROM sync_changes s WHERE s.user_id = p_user AND s.version > p_version;
  ELSIF p_version IS NOT NULL THEN
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
-- 2. POST /api/bookings/:id/messages (src/server/routes/messages/message-post.ts): the whole write
-- in one call, its own transaction, so a message costs one round trip after the session lookup
-- instead of seven (begin, the key's claim, the locks, the insert, the key's answer, commit).
-- The same steps and order as the `message` mutator in an Idempotency-Key transaction
-- (src/server/mutators/message.ts, thread.ts; src/server/http/idempotency.ts):
--   the key claimed (none: 'key-taken' is answered and nothing is written: the caller finds the
--   stored answer the usual way); the sender's row and the booking locked FOR NO KEY UPDATE
--   (403 thread/forbidden unless the sender is a side of it); 409 thread/closed once p_open_after_end
--   has passed since the booking ended (a pending booking past its expiry ended then); the
--   sender's messages since p_rate_since counted in a statement of its own, so it sees every
--   message committed by a transaction that held the sender's lock before (429
--   message/rate-limited, the oldest's time in DETAIL as epoch ms); the insert (its triggers log
--   it for both sides and poke them); the answer stored under the key, in the shape of
--   toMessage (src/server/routes/messages/messages.queries.ts).
-- A refusal is raised (SQLSTATE P0001, the code as message): the statement, the key's claim with
-- it, leaves nothing behind. Times come from the caller (the server's clock).
CREATE FUNCTION post_message(p_booking text, p_sender text, p_id text, p_text text, p_now timestamptz,
                             p_rate_since timestamptz, p_per_minute integer, p_open_after_end interval,
                             p_key text, p_method text, p_path text, p_body_hash text,
                             p_key_live_after timestamptz)
RETURNS TABLE (outcome text, carrier text, m_id text, m_seq bigint, m_booking text, m_sender text,
               m_text text, m_sent_at timestamptz)
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
         bk.updated_at
  INTO b
  FROM bookings bk JOIN users u ON u.id = p_sender
  WHERE bk.id = p_booking
  FOR NO KEY UPDATE OF bk, u;
  IF NOT FOUND OR (b.carrier_id <> p_sender AND b.traveller_id <> p_sender) THEN
    RAISE EXCEPTION 'thread/forbidden';
  END IF;
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
  IF m.id IS NULL THEN
    RAISE EXCEPTION 'message/id-reused';
  END IF;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET status = 201, body = jsonb_build_object(
      'id', m.id, 'bookingId', m.booking_id,
      'from', CASE WHEN m.sender_id = b.carrier_id THEN 'carrier' ELSE 'traveller' END,
      'text', m.text,
      'sentAt', to_char(m.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'seq', m.seq, 'mine', true)
    WHERE k.scope = p_sender AND k.key = p_key;
  END IF;
  outcome := 'posted';
  carrier := b.carrier_id;
  m_id := m.id;
  m_seq := m.seq;
  m_booking := m.booking_id;
  m_sender := m.sender_id;
  m_text := m.text;
  m_sent_at := m.sent_at;
  RETURN NEXT;
END $$;
