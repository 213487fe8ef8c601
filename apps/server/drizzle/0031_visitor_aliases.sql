CREATE TABLE "visitor_aliases" (
	"company_id" integer NOT NULL,
	"visitor_key" text NOT NULL,
	"target_key" text NOT NULL,
	CONSTRAINT "visitor_aliases_company_id_visitor_key_pk" PRIMARY KEY("company_id","visitor_key")
);
--> statement-breakpoint
CREATE INDEX "visitor_aliases_target_idx" ON "visitor_aliases" USING btree ("company_id","target_key");--> statement-breakpoint
-- Merges made before this table: replayed in order, each merged key naming its kept lead's key, and the aliases of
-- the merged lead pointed on (as merge/steps.ts's `aliases` step does). A merged visitor that came back since (a lead
-- of its own again) keeps its own row and gets no alias; a key merged twice names the later merge's lead. Each merge records the aliases it pointed on, for its undo.
DO $$
DECLARE
  m record;
  pointed jsonb;
BEGIN
  FOR m IN SELECT company_id, id, before -> 'merged' ->> 'visitor_key' AS mk, before -> 'kept' ->> 'visitor_key' AS kk
    FROM lead_merges WHERE undone_at IS NULL ORDER BY id
  LOOP
    WITH r AS (
      UPDATE visitor_aliases SET target_key = m.kk
      WHERE company_id = m.company_id AND target_key = m.mk RETURNING visitor_key
    ) SELECT coalesce(jsonb_agg(visitor_key), '[]'::jsonb) INTO pointed FROM r;
    IF NOT EXISTS (SELECT 1 FROM visitors v WHERE v.company_id = m.company_id AND v.visitor_key = m.mk) THEN
      INSERT INTO visitor_aliases (company_id, visitor_key, target_key) VALUES (m.company_id, m.mk, m.kk)
      ON CONFLICT (company_id, visitor_key) DO UPDATE SET target_key = excluded.target_key;
    END IF;
    UPDATE lead_merges SET moved = moved || jsonb_build_object('aliases', jsonb_build_object('on', pointed))
    WHERE company_id = m.company_id AND id = m.id;
  END LOOP;
END $$;
