-- Hand-written. Per-content rollups of the days before this migration, from the stored events (the ingest keeps them
-- from now on). The content is the share's (its kind; an event of a share no longer stored keeps its own kind).
INSERT INTO "content_daily" ("company_id", "day", "kind", "content_id", "sharer_id", "lane", "views", "read_ms", "consults")
SELECT e."company_id", (e."ts" AT TIME ZONE 'Asia/Shanghai')::date, coalesce(s."kind", e."kind"), coalesce(e."content_id", 0),
       coalesce(e."sharer_id", 0), 0,
       count(*) FILTER (WHERE e."action" = 'view'),
       coalesce(sum(e."duration_ms") FILTER (WHERE e."action" = 'read'), 0),
       count(*) FILTER (WHERE e."action" IN ('consult', 'submit'))
FROM "behavior_events" e LEFT JOIN "shares" s ON s."code" = e."share_code"
GROUP BY 1, 2, 3, 4, 5
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "content_visitor_days" ("company_id", "kind", "content_id", "day", "visitor_id")
SELECT DISTINCT e."company_id", coalesce(s."kind", e."kind"), coalesce(e."content_id", 0),
       (e."ts" AT TIME ZONE 'Asia/Shanghai')::date, e."visitor_id"
FROM "behavior_events" e LEFT JOIN "shares" s ON s."code" = e."share_code"
ON CONFLICT DO NOTHING;
