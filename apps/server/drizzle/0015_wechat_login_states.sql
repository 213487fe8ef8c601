CREATE TABLE "wechat_login_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"user_id" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wechat_login_states_expires_idx" ON "wechat_login_states" USING btree ("expires_at");