CREATE TABLE "brief_opt_outs" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"off" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brief_opt_outs_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "daily_briefs" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_briefs_company_id_user_id_day_pk" PRIMARY KEY("company_id","user_id","day")
);
