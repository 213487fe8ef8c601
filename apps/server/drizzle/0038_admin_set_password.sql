ALTER TABLE "sessions" ADD COLUMN "own_proof" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_for" integer[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_by" integer;