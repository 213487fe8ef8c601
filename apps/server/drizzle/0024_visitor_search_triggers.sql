-- Hand-written. The visitor list's keyword index (schema/radar.ts visitor_search): its grams, the triggers that keep
-- it, and the rows of the visitors stored before it.
--
-- The one- and two-character runs of each text, lower-cased (ILIKE compares lower-cased text in this encoding, so a
-- row whose lower-cased field contains the lower-cased keyword holds every gram of the keyword), prefixed by the
-- company so that one GIN entry is one company's.
CREATE OR REPLACE FUNCTION visitor_search_grams(company integer, texts text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT company::text || ':' || substr(t.s, i.i, n.n)), '{}')
  FROM unnest(texts) AS u(raw)
  CROSS JOIN LATERAL (SELECT lower(u.raw) AS s) t
  CROSS JOIN LATERAL generate_series(1, length(t.s)) AS i(i)
  CROSS JOIN (VALUES (1), (2)) AS n(n)
  WHERE i.i + n.n - 1 <= length(t.s)
$$;
--> statement-breakpoint
-- What a keyword asks of the index: its character when it has one, else its two-character runs (each one-character
-- gram of a longer keyword lies inside one of them).
CREATE OR REPLACE FUNCTION visitor_search_query(company integer, keyword text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN length(keyword) = 1 THEN ARRAY[company::text || ':' || lower(keyword)]
    ELSE (SELECT coalesce(array_agg(DISTINCT company::text || ':' || substr(lower(keyword), i, 2)), '{}')
          FROM generate_series(1, length(keyword) - 1) AS i) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION visitor_search_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM visitor_search WHERE company_id = OLD.company_id AND visitor_id = OLD.id;
    RETURN NULL;
  END IF;
  IF NEW.nickname = '' AND NEW.phone = '' AND NEW.company = '' THEN
    DELETE FROM visitor_search WHERE company_id = NEW.company_id AND visitor_id = NEW.id;
  ELSE
    INSERT INTO visitor_search (company_id, visitor_id, grams)
    VALUES (NEW.company_id, NEW.id,
            visitor_search_grams(NEW.company_id, ARRAY[NEW.nickname, NEW.phone, NEW.company]))
    ON CONFLICT (company_id, visitor_id) DO UPDATE SET grams = excluded.grams;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The ingest inserts anonymous visitors (no name, phone or company: the WHEN skips them without calling anything)
-- and updates only last_seen_at (not one of the columns named, so the update trigger does not fire).
CREATE TRIGGER visitor_search_insert AFTER INSERT ON "visitors"
  FOR EACH ROW WHEN (NEW.nickname <> '' OR NEW.phone <> '' OR NEW.company <> '')
  EXECUTE FUNCTION visitor_search_keep();
--> statement-breakpoint
CREATE TRIGGER visitor_search_update AFTER UPDATE OF nickname, phone, company ON "visitors"
  FOR EACH ROW WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname OR OLD.phone IS DISTINCT FROM NEW.phone
    OR OLD.company IS DISTINCT FROM NEW.company)
  EXECUTE FUNCTION visitor_search_keep();
--> statement-breakpoint
CREATE TRIGGER visitor_search_delete AFTER DELETE ON "visitors"
  FOR EACH ROW EXECUTE FUNCTION visitor_search_keep();
--> statement-breakpoint
INSERT INTO visitor_search (company_id, visitor_id, grams)
SELECT company_id, id, visitor_search_grams(company_id, ARRAY[nickname, phone, company])
FROM "visitors"
WHERE nickname <> '' OR phone <> '' OR company <> ''
ON CONFLICT DO NOTHING;
