ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session made before this column proved its person when it was made (a switch's session counts from the switch).
UPDATE "sessions" SET "authenticated_at" = "created_at";
