-- The account's language (issue 32): 'en' or 'hi', chosen on a device and carried with the profile
-- (set-locale); mails and pushes are written in it. Null: never chosen, English. A change is logged
-- for the profile like a new name, so the user's other devices take it with their next pull.
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
DROP TRIGGER "users_sync_log_update" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_sync_log_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN ((NEW.name, NEW.phone, NEW.gender, NEW.age, NEW.locale) IS DISTINCT FROM (OLD.name, OLD.phone, OLD.gender, OLD.age, OLD.locale))
  EXECUTE FUNCTION sync_log_row('profile');
