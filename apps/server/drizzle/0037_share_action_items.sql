ALTER TABLE "share_actions" ADD COLUMN "kind" smallint;--> statement-breakpoint
ALTER TABLE "share_actions" ADD COLUMN "content_id" integer;--> statement-breakpoint
CREATE INDEX "share_actions_company_kind_at_idx" ON "share_actions" USING btree ("company_id","kind","at","content_id");--> statement-breakpoint
-- The shares asked for before this column that 0036 counted from a link made: that link's kind and content (the
-- days 0036 counted from share_days name no item and stay null).
UPDATE "share_actions" AS a SET "kind" = s."kind", "content_id" = s."content_id"
FROM "shares" AS s
WHERE a."kind" IS NULL AND s."company_id" = a."company_id" AND s."sharer_id" = a."sharer_id" AND s."created_at" = a."at";
