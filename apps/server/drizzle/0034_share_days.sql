CREATE TABLE "share_days" (
	"company_id" integer NOT NULL,
	"sharer_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "share_days_company_id_sharer_id_day_pk" PRIMARY KEY("company_id","sharer_id","day")
);
