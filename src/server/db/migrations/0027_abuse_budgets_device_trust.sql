-- Issue 27: device trust ends with a password reset and "log out other devices".
--
-- 1. The device generation, signed into every device cookie (src/server/auth/device.ts): raising
-- it makes every cookie made before a stranger's again.
ALTER TABLE "users" ADD COLUMN "device_generation" integer DEFAULT 0 NOT NULL;
