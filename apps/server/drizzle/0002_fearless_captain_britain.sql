CREATE TABLE "visitor_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"sharer_id" integer DEFAULT 0 NOT NULL,
	"visitor_id" integer NOT NULL,
	CONSTRAINT "visitor_days_company_id_day_sharer_id_visitor_id_pk" PRIMARY KEY("company_id","day","sharer_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "params" jsonb;--> statement-breakpoint
-- Hand-written: 访客数 of the days before this migration, from the stored events.
INSERT INTO "visitor_days" ("company_id", "day", "sharer_id", "visitor_id")
SELECT DISTINCT "company_id", ("ts" AT TIME ZONE 'Asia/Shanghai')::date, coalesce("sharer_id", 0), "visitor_id"
FROM "behavior_events"
ON CONFLICT DO NOTHING;
