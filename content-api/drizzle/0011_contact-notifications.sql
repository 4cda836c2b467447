-- How the owner hears of a new contact message (ADR 144): one row, written by the dashboard;
-- none until then (no notification).
CREATE TABLE "notification_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"webhook_url" text,
	"email_to" text,
	"email_from" text,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_secure" boolean DEFAULT false NOT NULL,
	"smtp_user" text,
	"smtp_password" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_one_row" CHECK ("notification_settings"."id" = 1)
);
