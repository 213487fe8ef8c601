-- An author belongs to one company (or a few), so "company = $1 and author = $2" keeps about one author's rows.
-- Without these statistics a kept (generic) plan of a library page estimated a single row and read the page's small
-- joined tables (users, content_types) once per row: on PGlite each such scan is a file-status call through JavaScript
-- (10 of them per article-list page; bench/results/2026-12-02-pglite-reads-cache-off.md). With them it estimates an
-- author's rows and reads those tables once.
CREATE STATISTICS IF NOT EXISTS "articles_company_author_stats" (dependencies) ON "company_id", "author_id" FROM "articles";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "documents_company_author_stats" (dependencies) ON "company_id", "author_id" FROM "documents";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "videos_company_author_stats" (dependencies) ON "company_id", "author_id" FROM "videos";--> statement-breakpoint
ANALYZE "articles";--> statement-breakpoint
ANALYZE "documents";--> statement-breakpoint
ANALYZE "videos";
