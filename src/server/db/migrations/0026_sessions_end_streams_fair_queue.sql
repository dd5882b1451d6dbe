-- Issue 27: a session's end reaches its poke streams in every process, push subscriptions are
-- bounded, and the outbound queue is claimed fairly, by an index.
--
-- 1. A deleted session (logout, "log out other devices", a password reset, a login past the cap,
-- the expiry sweep) tells every process, on the poke channel, to end that session's streams. The
-- payload is the token's hash (only the hash is stored; the token is never in the database).
CREATE FUNCTION carry_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carry_poke', 'session-end:' || OLD.token_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_end AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION carry_session_end();
--> statement-breakpoint
-- The expiry sweep finds expired sessions by this index.
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");
--> statement-breakpoint
-- 2. One push subscription per session (a browser has one; the newest is kept) and ten per user
-- (the newest), as the API keeps them from now on.
DELETE FROM "push_subscriptions" p USING "push_subscriptions" q
  WHERE q.session_hash = p.session_hash AND (q.created_at, q.endpoint) > (p.created_at, p.endpoint);
--> statement-breakpoint
DELETE FROM "push_subscriptions" WHERE endpoint IN (
  SELECT endpoint FROM (
    SELECT endpoint, row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, endpoint DESC) AS n
      FROM "push_subscriptions"
  ) ranked WHERE n > 10
);
--> statement-breakpoint
DROP INDEX "push_subscriptions_session_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_hash");
--> statement-breakpoint
-- 3. The queue's order. `lane`: rows that must go one after another (one device's pushes, one
-- address's mails, one user's booking events); only a lane's first row is claimed. `recipient`:
-- whose backlog a row is (a user, or the address a reset was asked for). `depth`: how many of the
-- recipient's rows were waiting when it was queued, so each one's next row goes before anyone's
-- later rows. `priority`: 0 for a password reset and its mail, 1 for booking news.
ALTER TABLE "outbound_messages" ADD COLUMN "lane" text;
--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "recipient" text;
--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "depth" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "outbound_messages" SET
  lane = CASE channel
    WHEN 'push' THEN payload->>'endpoint'
    WHEN 'email' THEN 'mail:' || (payload->>'to')
    WHEN 'password-reset' THEN 'reset:' || (payload->>'email')
    ELSE 'row:' || id END,
  recipient = CASE channel
    WHEN 'push' THEN coalesce(
      (SELECT 'user:' || s.user_id FROM push_subscriptions s WHERE s.endpoint = payload->>'endpoint'),
      'push:' || (payload->>'endpoint'))
    WHEN 'email' THEN 'mail:' || (payload->>'to')
    WHEN 'password-reset' THEN 'reset:' || (payload->>'email')
    ELSE 'row:' || id END,
  priority = CASE
    WHEN channel = 'password-reset' THEN 0
    WHEN channel = 'email' AND payload->>'subject' = 'Reset your Carry password' THEN 0
    ELSE 1 END;
--> statement-breakpoint
ALTER TABLE "outbound_messages" ALTER COLUMN "lane" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbound_messages" ALTER COLUMN "recipient" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "outbound_messages_claim_idx" ON "outbound_messages" USING btree ("priority","depth","id") WHERE "outbound_messages"."failed_at" is null;
--> statement-breakpoint
CREATE INDEX "outbound_messages_lane_idx" ON "outbound_messages" USING btree ("lane","id") WHERE "outbound_messages"."failed_at" is null;
--> statement-breakpoint
CREATE INDEX "outbound_messages_recipient_idx" ON "outbound_messages" USING btree ("recipient","depth") WHERE "outbound_messages"."failed_at" is null;
