-- Hand-written: before imports existed, the short-video and SEO tables were filled only by the demo seed, so their
-- rows are demo data. A keyword a user added got a made-up 0 / 0 for search heat and works: those become "no data"
-- (NULL) until an import fills them; seeded keywords (with figures) are demo rows.
UPDATE "media_accounts" SET "is_demo" = true;--> statement-breakpoint
UPDATE "media_videos" SET "is_demo" = true;--> statement-breakpoint
UPDATE "media_daily" SET "is_demo" = true;--> statement-breakpoint
UPDATE "seo_keyword_ranks" SET "is_demo" = true;--> statement-breakpoint
UPDATE "seo_news" SET "is_demo" = true;--> statement-breakpoint
UPDATE "media_keywords" SET "search_volume" = NULL, "video_count" = NULL WHERE "search_volume" = 0 AND "video_count" = 0;--> statement-breakpoint
UPDATE "media_keywords" SET "is_demo" = true WHERE "search_volume" IS NOT NULL;
