CREATE TABLE "radar_throttle" (
	"company_id" integer NOT NULL,
	"dedupe_key" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "radar_throttle_company_id_dedupe_key_pk" PRIMARY KEY("company_id","dedupe_key")
);
