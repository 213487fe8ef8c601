CREATE TABLE "visitor_search" (
	"company_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"grams" text[] NOT NULL,
	CONSTRAINT "visitor_search_company_id_visitor_id_pk" PRIMARY KEY("company_id","visitor_id")
);
--> statement-breakpoint
CREATE INDEX "visitor_search_grams_idx" ON "visitor_search" USING gin ("grams");