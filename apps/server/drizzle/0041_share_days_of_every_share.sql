-- The sharing streak reads share_days alone: every China day on which a share was asked for, from share_actions
-- (which 0036 filled with the links made before it). Until now the streak also counted every day a link was made,
-- and the card page's QR makes one without anything being shared.
INSERT INTO "share_days" ("company_id", "sharer_id", "day")
SELECT DISTINCT "company_id", "sharer_id", ("at" AT TIME ZONE 'Asia/Shanghai')::date
FROM "share_actions"
ON CONFLICT DO NOTHING;
