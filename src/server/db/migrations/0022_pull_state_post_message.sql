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
