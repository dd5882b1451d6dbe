-- Issue 29: airports as people name them. Each airport carries its country's ISO code (airports of
-- the user's country first), a rank (busier first), its other names (Bangalore for Bengaluru,
-- Calcutta for Kolkata) and the city code of its metropolitan area (NYC for JFK, LGA and EWR).
-- The seed fills them at the next start; until then the defaults stand.
ALTER TABLE "airports" ADD COLUMN "country_code" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "rank" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "alt" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "metro" text DEFAULT '' NOT NULL;
