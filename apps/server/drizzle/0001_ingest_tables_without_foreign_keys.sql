ALTER TABLE "messages" DROP CONSTRAINT "messages_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "behavior_daily" DROP CONSTRAINT "behavior_daily_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "behavior_events" DROP CONSTRAINT "behavior_events_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "behavior_events" DROP CONSTRAINT "behavior_events_visitor_id_visitors_id_fk";
--> statement-breakpoint
ALTER TABLE "visitor_links" DROP CONSTRAINT "visitor_links_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "visitor_links" DROP CONSTRAINT "visitor_links_sharer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "visitor_links" DROP CONSTRAINT "visitor_links_visitor_id_visitors_id_fk";
--> statement-breakpoint
ALTER TABLE "visitors" DROP CONSTRAINT "visitors_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "visitors" DROP CONSTRAINT "visitors_owner_id_users_id_fk";
