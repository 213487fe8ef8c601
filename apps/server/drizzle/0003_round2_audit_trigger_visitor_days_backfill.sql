-- Hand-written. The audit log is append-only: the database itself refuses to change or delete a row.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- 访客数 of the days before this migration, from the stored events.
INSERT INTO "visitor_days" ("company_id", "day", "sharer_id", "visitor_id")
SELECT DISTINCT "company_id", ("ts" AT TIME ZONE 'Asia/Shanghai')::date, coalesce("sharer_id", 0), "visitor_id"
FROM "behavior_events"
ON CONFLICT DO NOTHING;
