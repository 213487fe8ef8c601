-- A sharer belongs to one company (or a few), so "company = $1 and sharer = $2" keeps about one sharer's links.
-- Without these statistics PostgreSQL multiplied the two columns' shares: a sales rep's 124,134 links on `large` were
-- estimated at 9,269, and a keyword count joined them to the keyword's visitors by hashing the links instead of the
-- visitors (bench/results/2026-12-03-keyword-count.md).
CREATE STATISTICS IF NOT EXISTS "visitor_links_company_sharer_stats" (dependencies) ON "company_id", "sharer_id" FROM "visitor_links";--> statement-breakpoint
ANALYZE "visitor_links";
