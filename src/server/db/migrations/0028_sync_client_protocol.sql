-- The sync protocol a client last pushed in (issue 27): a tab of the first release (protocol 1)
-- still open on a device whose new release pushed in protocol 2 shares that client id; the server
-- answers its pulls and pushes 503 sync/old-release instead of letting its pull drop the new
-- release's entries and move the cookie past the messages it ignores.
ALTER TABLE "sync_clients" ADD COLUMN "protocol" integer NOT NULL DEFAULT 1;
