CREATE TABLE "lead_follow_ups" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "lead_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"stage" text NOT NULL,
	"from_stage" text,
	"next_contact_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_follow_ups_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "lead_hot" (
	"company_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"rule" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_hot_company_id_visitor_id_rule_pk" PRIMARY KEY("company_id","visitor_id","rule")
);
--> statement-breakpoint
CREATE TABLE "lead_score_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lead_score_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"code" text NOT NULL,
	"points" real NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_score_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "lead_scores" (
	"company_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"value" double precision NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"rank" double precision NOT NULL,
	CONSTRAINT "lead_scores_company_id_visitor_id_pk" PRIMARY KEY("company_id","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "lead_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"half_life_hours" double precision DEFAULT 168 NOT NULL,
	"points" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_states" (
	"company_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"stage" text NOT NULL,
	"next_contact_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_states_company_id_visitor_id_pk" PRIMARY KEY("company_id","visitor_id")
);
--> statement-breakpoint
CREATE INDEX "lead_follow_ups_visitor_idx" ON "lead_follow_ups" USING btree ("company_id","visitor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_score_events_visitor_idx" ON "lead_score_events" USING btree ("company_id","visitor_id","ts" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_scores_rank_idx" ON "lead_scores" USING btree ("company_id","rank" DESC NULLS LAST,"visitor_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_states_due_idx" ON "lead_states" USING btree ("company_id","next_contact_on") WHERE "lead_states"."next_contact_on" is not null;