CREATE TABLE "revoked_sessions" (
	"uid" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"refused_from" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "revoked_sessions_uid_issued_at_pk" PRIMARY KEY("uid","issued_at")
);
--> statement-breakpoint
CREATE INDEX "revoked_sessions_expires_at_idx" ON "revoked_sessions" USING btree ("expires_at");