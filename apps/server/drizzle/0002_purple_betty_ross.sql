CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"target_name" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_actor_idx" ON "audit_log" USING btree ("company_id","actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_action_idx" ON "audit_log" USING btree ("company_id","action","id");--> statement-breakpoint
CREATE INDEX "audit_log_operator_idx" ON "audit_log" USING btree ("actor_role","id");