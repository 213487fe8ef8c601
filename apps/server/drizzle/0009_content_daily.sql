CREATE TABLE "content_daily" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" smallint NOT NULL,
	"content_id" integer NOT NULL,
	"sharer_id" integer DEFAULT 0 NOT NULL,
	"lane" smallint DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"read_ms" bigint DEFAULT 0 NOT NULL,
	"consults" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_daily_company_id_day_kind_content_id_sharer_id_lane_pk" PRIMARY KEY("company_id","day","kind","content_id","sharer_id","lane")
);
--> statement-breakpoint
CREATE TABLE "content_visitor_days" (
	"company_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"content_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_id" integer NOT NULL,
	CONSTRAINT "content_visitor_days_company_id_kind_content_id_day_visitor_id_pk" PRIMARY KEY("company_id","kind","content_id","day","visitor_id")
);
--> statement-breakpoint
CREATE INDEX "content_daily_content_idx" ON "content_daily" USING btree ("company_id","kind","content_id","day");