-- Drafts and scheduled publication (ADR 120). Content that exists is published, since its
-- creation: published_at = created_at, before the check that a published row has a time.
ALTER TABLE "articles" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
UPDATE "articles" SET "published_at" = "created_at";--> statement-breakpoint
UPDATE "projects" SET "published_at" = "created_at";--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_published_at_check" CHECK ("articles"."status" = 'draft' or "articles"."published_at" is not null);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_status_check" CHECK ("projects"."status" in ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_published_at_check" CHECK ("projects"."status" = 'draft' or "projects"."published_at" is not null);