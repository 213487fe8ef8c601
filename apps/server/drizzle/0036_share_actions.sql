CREATE TABLE "share_actions" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "share_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"sharer_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_actions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "share_actions" ADD CONSTRAINT "share_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_actions" ADD CONSTRAINT "share_actions_sharer_id_users_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_actions_company_at_idx" ON "share_actions" USING btree ("company_id","at","sharer_id");--> statement-breakpoint
-- The shares asked for before this table: each link made was one (shares.created_at), and a day of share_days (kept
-- since 0034) on which no link was made was at least one, counted at that China day's start (its time is not known).
INSERT INTO "share_actions" ("company_id", "sharer_id", "at")
SELECT "company_id", "sharer_id", "created_at" FROM "shares";--> statement-breakpoint
INSERT INTO "share_actions" ("company_id", "sharer_id", "at")
SELECT d."company_id", d."sharer_id", d."day"::timestamp AT TIME ZONE 'Asia/Shanghai'
FROM "share_days" AS d
WHERE EXISTS (SELECT 1 FROM "companies" AS c WHERE c."id" = d."company_id")
  AND EXISTS (SELECT 1 FROM "users" AS u WHERE u."id" = d."sharer_id")
  AND NOT EXISTS (
    SELECT 1 FROM "shares" AS s
    WHERE s."company_id" = d."company_id"
      AND s."sharer_id" = d."sharer_id"
      AND s."created_at" >= d."day"::timestamp AT TIME ZONE 'Asia/Shanghai'
      AND s."created_at" < (d."day" + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'
  );
