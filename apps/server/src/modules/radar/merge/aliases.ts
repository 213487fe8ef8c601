/**
 * A merged lead's browser keeps its own visitor cookie: `visitor_aliases` names the key of the lead it now belongs
 * to, and whatever reads a visitor by its key reads it through `keptKey` (the ingest joins the table in its
 * statement: ingest.ts). Without it, a merged visitor who came back was a new lead of its own.
 */
import { sql } from 'drizzle-orm';

/** The key this visitor's lead is stored under: the kept lead's when the visitor's lead was merged into it. */
export const keptKey = (companyId: number, visitorKey: string) =>
  sql`coalesce((select a.target_key from visitor_aliases a where a.company_id = ${companyId}
    and a.visitor_key = ${visitorKey}), ${visitorKey})`;
