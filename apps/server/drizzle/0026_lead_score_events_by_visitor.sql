DROP INDEX "lead_score_events_visitor_idx";--> statement-breakpoint
ALTER TABLE "lead_score_events" DROP CONSTRAINT "lead_score_events_company_id_id_pk";--> statement-breakpoint
ALTER TABLE "lead_score_events" ADD CONSTRAINT "lead_score_events_company_id_visitor_id_ts_id_pk" PRIMARY KEY("company_id","visitor_id","ts","id");