-- Issue 30 (the team): staff named by the operator, suspension, blocks and reports between users,
-- the contact inbox's replies, unmatched searches followed up, and an append-only audit log of
-- every staff action. Indexes serve the console's paged, searchable lists.
--
-- 1. Staff: an address the operator named with `npm run staff -- add` (STAFF_EMAILS names more, from
-- the environment). An address, not a user: it may be named before its account is made.
CREATE TABLE "staff_members" (
  "email" text PRIMARY KEY NOT NULL,
  "added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- 2. Suspension: login is refused while set; the user's sessions end (kept as ended_sessions, so
-- a device presenting one learns why: auth/suspended, not a bare 401).
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;
--> statement-breakpoint
CREATE TABLE "ended_sessions" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ended_sessions_user_idx" ON "ended_sessions" USING btree ("user_id");
--> statement-breakpoint
-- 3. The contact inbox: a reply closes a query.
ALTER TABLE "contact_messages" ADD COLUMN "reply" text;
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_by" text;
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "closed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "contact_messages_open_idx" ON "contact_messages" USING btree ("created_at" DESC, "id" DESC) WHERE "closed_at" IS NULL;
--> statement-breakpoint
-- 4. Unmatched searches: when the team contacted the searcher, when a matching listing was told.
ALTER TABLE "match_requests" ADD COLUMN "contacted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "notified_at" timestamp with time zone;
--> statement-breakpoint
-- The console groups them by date and route, in that order: read in index order, a page stops early.
CREATE INDEX "match_requests_departure_idx" ON "match_requests" USING btree ("departure", "from_code", "to_code");
--> statement-breakpoint
-- 5. Reports of a message, a booking or a user, and blocks between two users.
CREATE TABLE "reports" (
  "id" text PRIMARY KEY NOT NULL,
  "reporter_id" text NOT NULL REFERENCES "users"("id"),
  "subject_id" text NOT NULL REFERENCES "users"("id"),
  "kind" text NOT NULL,
  "message_id" text,
  "booking_id" text,
  "reason" text NOT NULL,
  "details" text DEFAULT '' NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "handled_at" timestamp with time zone,
  "handled_by" text,
  CONSTRAINT "reports_kind_check" CHECK ("kind" IN ('message', 'booking', 'user')),
  CONSTRAINT "reports_status_check" CHECK ("status" IN ('open', 'dismissed', 'warned', 'suspended'))
);
--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "reports_subject_idx" ON "reports" USING btree ("subject_id");
--> statement-breakpoint
CREATE TABLE "blocks" (
  "blocker_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "blocked_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "blocks_pk" PRIMARY KEY ("blocker_id", "blocked_id")
);
--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id", "blocker_id");
--> statement-breakpoint
-- 6. The audit log: who (the staff member, or the operator's command), what, when, on whom, why.
-- Append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE.
CREATE TABLE "audit_log" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "at" timestamp with time zone NOT NULL,
  "actor_id" text,
  "actor_email" text NOT NULL,
  "action" text NOT NULL,
  "subject_id" text,
  "subject" text NOT NULL,
  "reason" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_id", "id" DESC);
--> statement-breakpoint
CREATE FUNCTION carry_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION carry_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION carry_audit_append_only();
--> statement-breakpoint
-- 7. The console's user list: newest first, or searched by the start of an e-mail or a name.
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC, "id" DESC);
