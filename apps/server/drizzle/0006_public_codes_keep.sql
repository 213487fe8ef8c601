-- Hand-written. public_codes (code → company, global) is kept by the tables that own the codes: a row's code is
-- registered when it is written and forgotten when it is deleted, whichever code writes it (services, seed, bench
-- data). Its primary key (kind, code) keeps share codes, public view codes, AI keys and order numbers unique across
-- companies now that the owning tables' unique indexes hold company_id. TG_ARGV: the kind, the code column.
CREATE OR REPLACE FUNCTION public_codes_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_code text;
  new_code text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_code := to_jsonb(OLD) ->> TG_ARGV[1]; END IF;
  IF TG_OP <> 'DELETE' THEN new_code := to_jsonb(NEW) ->> TG_ARGV[1]; END IF;
  IF TG_OP = 'UPDATE' THEN
    IF old_code IS NOT DISTINCT FROM new_code AND OLD.company_id = NEW.company_id THEN RETURN NULL; END IF;
  END IF;
  IF old_code IS NOT NULL THEN
    DELETE FROM public_codes WHERE kind = TG_ARGV[0] AND code = old_code;
  END IF;
  IF new_code IS NOT NULL THEN
    INSERT INTO public_codes (kind, code, company_id) VALUES (TG_ARGV[0], new_code, NEW.company_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shares_public_code AFTER INSERT OR DELETE OR UPDATE OF code, company_id ON "shares"
  FOR EACH ROW EXECUTE FUNCTION public_codes_keep('share', 'code');
--> statement-breakpoint
CREATE TRIGGER public_view_codes_public_code AFTER INSERT OR DELETE OR UPDATE OF code, company_id ON "public_view_codes"
  FOR EACH ROW EXECUTE FUNCTION public_codes_keep('view', 'code');
--> statement-breakpoint
CREATE TRIGGER ai_keys_public_code AFTER INSERT OR DELETE OR UPDATE OF key, company_id ON "ai_keys"
  FOR EACH ROW EXECUTE FUNCTION public_codes_keep('ai_key', 'key');
--> statement-breakpoint
CREATE TRIGGER orders_public_code AFTER INSERT OR DELETE OR UPDATE OF number, company_id ON "orders"
  FOR EACH ROW EXECUTE FUNCTION public_codes_keep('order', 'number');
--> statement-breakpoint
-- The codes stored before this migration (unique then by the old global indexes).
INSERT INTO "public_codes" ("kind", "code", "company_id")
SELECT 'share', "code", "company_id" FROM "shares"
UNION ALL SELECT 'view', "code", "company_id" FROM "public_view_codes"
UNION ALL SELECT 'ai_key', "key", "company_id" FROM "ai_keys"
UNION ALL SELECT 'order', "number", "company_id" FROM "orders"
ON CONFLICT DO NOTHING;
