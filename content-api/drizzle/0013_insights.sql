-- Insights (ADR 180, 181): page views counted without tracking. Raw views (30 days), their
-- daily figures per page, per site and per source (kept), the day's visitor salt (deleted after
-- the day) and the titles of deleted articles, whose figures stay under their title.
CREATE TABLE "deleted_articles" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_view_days" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"article_id" text,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"newsletter_views" integer NOT NULL,
	CONSTRAINT "page_view_days_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"path" text NOT NULL,
	"article_id" text,
	"visitor" bigint NOT NULL,
	"referrer" text,
	"viewport" text NOT NULL,
	"newsletter" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_view_days" (
	"day" date PRIMARY KEY NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_source_days" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "view_source_days_day_kind_value_pk" PRIMARY KEY("day","kind","value")
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_view_days_article_idx" ON "page_view_days" USING btree ("article_id","day");--> statement-breakpoint
CREATE INDEX "page_views_viewed_at_idx" ON "page_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "page_views_article_idx" ON "page_views" USING btree ("article_id") WHERE "page_views"."article_id" is not null;--> statement-breakpoint
-- A deleted article's views and daily figures move to a key no live article can have, kept
-- with its title: its past figures stay under its title, and an article given its id later
-- starts from nothing. A view of it written after the delete (the API writes views in batches)
-- takes the same key.
CREATE FUNCTION "keep_deleted_article_figures"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
DECLARE
	kept text := OLD.id || '@' || floor(extract(epoch FROM clock_timestamp()))::bigint::text;
BEGIN
	INSERT INTO deleted_articles (key, title) VALUES (kept, OLD.title)
		ON CONFLICT (key) DO UPDATE SET title = EXCLUDED.title;
	UPDATE page_view_days SET article_id = kept WHERE article_id = OLD.id;
	UPDATE page_views SET article_id = kept WHERE article_id = OLD.id;
	RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "articles_keep_figures" AFTER DELETE ON "articles"
	FOR EACH ROW EXECUTE FUNCTION keep_deleted_article_figures();--> statement-breakpoint
CREATE FUNCTION "views_of_deleted_articles"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM articles WHERE id = NEW.article_id) THEN
		NEW.article_id := (SELECT key FROM deleted_articles
			WHERE key LIKE NEW.article_id || '@%' ORDER BY deleted_at DESC LIMIT 1);
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "page_views_of_deleted_articles" BEFORE INSERT ON "page_views"
	FOR EACH ROW WHEN (NEW.article_id IS NOT NULL) EXECUTE FUNCTION views_of_deleted_articles();
