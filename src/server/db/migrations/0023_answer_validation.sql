-- Validated answers (src/server/http/answer-cache.ts): a list a user reads again (their orders,
-- bookings, listings) is served from the server's copy, or answered 304, while nothing the list
-- shows has changed since the state its cookie (src/server/routes/sync/sync.cookie.ts) names. One
-- call in one snapshot: the user's top version and floor, the running transactions and the
-- snapshot's xmin (a new cookie), and whether any of the user's entries of that one collection is
-- newer than `p_version` (above it, or written by a transaction in p_running or at or above
-- p_from). Each test stops at the first entry found, by the (user, version) or (user, xid) index.
-- A PL/pgSQL function keeps its plans per connection; STABLE, its queries share the caller's
-- snapshot, the one pg_current_snapshot() names.
CREATE FUNCTION sync_collection_state(p_user text, p_collection text, p_version bigint, p_running xid8[], p_from xid8)
RETURNS TABLE (top bigint, floor_version bigint, running text[], snapshot_xmin text, changed boolean)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
BEGIN
  SELECT coalesce(max(s.version), 0) INTO top FROM sync_changes s WHERE s.user_id = p_user;
  SELECT f.version INTO floor_version FROM sync_floors f WHERE f.user_id = p_user;
  running := ARRAY(SELECT x::text FROM pg_snapshot_xip(snap) AS x ORDER BY x);
  snapshot_xmin := pg_snapshot_xmin(snap)::text;
  changed := p_version IS NOT NULL AND (
    EXISTS (SELECT 1 FROM sync_changes s
            WHERE s.user_id = p_user AND s.version > p_version AND s.collection = p_collection)
    OR EXISTS (SELECT 1 FROM sync_changes s
               WHERE s.user_id = p_user AND s.xid = ANY(p_running) AND s.collection = p_collection)
    OR (p_from IS NOT NULL AND EXISTS (SELECT 1 FROM sync_changes s
               WHERE s.user_id = p_user AND s.xid >= p_from AND s.collection = p_collection)));
  RETURN NEXT;
END $$;
