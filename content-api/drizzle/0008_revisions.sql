-- The last 20 saved versions of each article and project (ADR 143). What exists now becomes each
-- item's first version, dated when it last changed, so the owner's first save can be undone.
CREATE TABLE "article_revisions" (
	"item_id" text NOT NULL,
	"number" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"size" integer NOT NULL,
	"version" jsonb NOT NULL,
	CONSTRAINT "article_revisions_item_id_number_pk" PRIMARY KEY("item_id","number")
);
--> statement-breakpoint
CREATE TABLE "project_revisions" (
	"item_id" text NOT NULL,
	"number" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"size" integer NOT NULL,
	"version" jsonb NOT NULL,
	CONSTRAINT "project_revisions_item_id_number_pk" PRIMARY KEY("item_id","number")
);
--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_item_id_articles_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_revisions" ADD CONSTRAINT "project_revisions_item_id_projects_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "article_revisions" ("item_id", "number", "saved_at", "title", "size", "version")
SELECT "id", 1, "updated_at", "title", octet_length("content"), jsonb_strip_nulls(jsonb_build_object(
	'title', "title", 'content', "content", 'slug', "slug", 'tags', to_jsonb("tags"),
	'imagePath', "image_path", 'customExcerpt', "custom_excerpt", 'metaDescription', "meta_description",
	'status', "status",
	'publishedAt', to_char("published_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
FROM "articles";--> statement-breakpoint
INSERT INTO "project_revisions" ("item_id", "number", "saved_at", "title", "size", "version")
SELECT "id", 1, "updated_at", "title", octet_length("description"), jsonb_strip_nulls(jsonb_build_object(
	'title', "title", 'description', "description", 'imagePath', "image_path",
	'skills', CASE WHEN cardinality("skills") > 0 THEN to_jsonb("skills") END, 'link', "link",
	'status', "status",
	'publishedAt', to_char("published_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
FROM "projects";