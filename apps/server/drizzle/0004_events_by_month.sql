-- Hand-written (drizzle-kit cannot declare partitioning): behavior_events becomes a table partitioned by month of
-- "ts" (UTC months, partitions "behavior_events_yYYYYmMM", a DEFAULT partition for anything else; the server creates
-- coming months and drops old ones, see src/db/partitions.ts). The rows are moved into the new table, the names
-- swapped, and the keys and indexes built on the parent after the copy.
ALTER TABLE "behavior_events" RENAME TO "behavior_events_unpartitioned";
--> statement-breakpoint
ALTER SEQUENCE "behavior_events_id_seq" RENAME TO "behavior_events_unpartitioned_id_seq";
--> statement-breakpoint
CREATE TABLE "behavior_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "behavior_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"sharer_id" integer,
	"share_code" text DEFAULT '' NOT NULL,
	"kind" smallint NOT NULL,
	"action" text NOT NULL,
	"content_id" integer,
	"content_title" text DEFAULT '' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"ts" timestamp with time zone NOT NULL
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "behavior_events_default" PARTITION OF "behavior_events" DEFAULT;
--> statement-breakpoint
DO $$
DECLARE
  m timestamp;
  last timestamp;
BEGIN
  SELECT date_trunc('month', least(min("ts"), now()) AT TIME ZONE 'UTC'),
         date_trunc('month', greatest(max("ts"), now()) AT TIME ZONE 'UTC') + interval '3 months'
    INTO m, last FROM "behavior_events_unpartitioned";
  WHILE m <= last LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "behavior_events" FOR VALUES FROM (%L) TO (%L)',
      'behavior_events_' || to_char(m, '"y"YYYY"m"MM'), m AT TIME ZONE 'UTC', (m + interval '1 month') AT TIME ZONE 'UTC');
    m := m + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "behavior_events" OVERRIDING SYSTEM VALUE
  SELECT "id", "company_id", "visitor_id", "sharer_id", "share_code", "kind", "action", "content_id", "content_title",
         "duration_ms", "ts"
  FROM "behavior_events_unpartitioned";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"behavior_events"', 'id'), coalesce(max("id"), 0) + 1, false) FROM "behavior_events";
--> statement-breakpoint
DROP TABLE "behavior_events_unpartitioned";
--> statement-breakpoint
ALTER TABLE "behavior_events" ADD CONSTRAINT "behavior_events_company_id_ts_id_pk" PRIMARY KEY ("company_id", "ts", "id");
--> statement-breakpoint
CREATE INDEX "behavior_events_visitor_idx" ON "behavior_events" USING btree ("company_id","visitor_id","ts" DESC NULLS FIRST,"id" DESC NULLS FIRST);
