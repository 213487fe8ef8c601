-- Hand-written. The ingest throttles radar messages by radar_throttle from now on, no longer by looking for a recent
-- message: the keys of the radar messages of the last 30 minutes go on throttling across the upgrade (without this
-- row, a visitor still reading during the upgrade would get a second message). One pass over the messages.
INSERT INTO "radar_throttle" ("company_id", "dedupe_key", "last_at")
SELECT "company_id", "dedupe_key", max("created_at")
FROM "messages"
WHERE "dedupe_key" IS NOT NULL AND "created_at" > now() - interval '30 minutes'
GROUP BY 1, 2
ON CONFLICT DO NOTHING;
