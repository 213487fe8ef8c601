CREATE TABLE "keyword_figures" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "keyword_figures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"search_volume" integer NOT NULL,
	"video_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_figures_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "keyword_figures" ADD CONSTRAINT "keyword_figures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_figures_company_keyword_uq" ON "keyword_figures" USING btree ("company_id","keyword");