CREATE TABLE "lead_merges" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "lead_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kept_id" integer NOT NULL,
	"merged_id" integer NOT NULL,
	"reason" text NOT NULL,
	"by_user_id" integer,
	"before" jsonb NOT NULL,
	"moved" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	CONSTRAINT "lead_merges_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "share_forwards" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "share_forwards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"share_code" text NOT NULL,
	"visitor_id" integer NOT NULL,
	"parent_visitor_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_forwards_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "lead_merges_kept_idx" ON "lead_merges" USING btree ("company_id","kept_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lead_merges_merged_idx" ON "lead_merges" USING btree ("company_id","merged_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_forwards_visitor_uq" ON "share_forwards" USING btree ("company_id","share_code","visitor_id");--> statement-breakpoint
CREATE INDEX "share_forwards_lead_idx" ON "share_forwards" USING btree ("company_id","visitor_id","created_at");--> statement-breakpoint
CREATE INDEX "share_forwards_parent_idx" ON "share_forwards" USING btree ("company_id","parent_visitor_id");