-- The team console's courier requests (issue 30) page newest first by a keyset on (created_at, id),
-- all of them or those of one status: without these a page sorted every request (a hash join of all
-- of them with users, 295 ms p95 over 20,000 requests in bench/team-console.ts); with them a page
-- reads its 51 rows in index order.
CREATE INDEX "courier_requests_created_idx" ON "courier_requests" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "courier_requests_status_idx" ON "courier_requests" USING btree ("status", "created_at" DESC, "id" DESC);
