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
CREATE TABLE "keyword_sets" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "keyword_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"cores" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"modifiers" text[] DEFAULT '{}'::text[] NOT NULL,
	"words" text[] NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_sets_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "media_keywords" ALTER COLUMN "search_volume" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "media_keywords" ALTER COLUMN "search_volume" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media_keywords" ALTER COLUMN "video_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "media_keywords" ALTER COLUMN "video_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media_accounts" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_daily" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_keywords" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_videos" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seo_keyword_ranks" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seo_news" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "keyword_figures" ADD CONSTRAINT "keyword_figures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_sets" ADD CONSTRAINT "keyword_sets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_figures_company_keyword_uq" ON "keyword_figures" USING btree ("company_id","keyword");--> statement-breakpoint
CREATE INDEX "keyword_sets_company_created_idx" ON "keyword_sets" USING btree ("company_id","created_at");