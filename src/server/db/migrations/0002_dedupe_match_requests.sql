-- Before match_requests gets its unique (user, route, date) index: keep the oldest row of each
-- group of repeats (earlier versions wrote one row per search). The repeat count starts at 1
-- for the kept rows; the history of earlier repeats is not reconstructed.
DELETE FROM "match_requests" m
USING "match_requests" older
WHERE m."user_id" = older."user_id"
  AND m."from_code" = older."from_code"
  AND m."to_code" = older."to_code"
  AND m."departure" = older."departure"
  AND (older."created_at", older."id") < (m."created_at", m."id");
