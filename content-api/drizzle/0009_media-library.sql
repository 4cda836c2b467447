-- The media library (ADR 142): which articles name a stored image in their text, kept by the
-- database beside the text, so a page of the library asks an index instead of reading every
-- article. Every `/images/<name>` in the Markdown counts (an image, a link, code): an image is
-- never called unused while a page still names it. Existing articles get theirs as the column is
-- added.
CREATE FUNCTION "image_names_in"("markdown" text) RETURNS text[]
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$ SELECT coalesce(array_agg(DISTINCT m[1] ORDER BY m[1]), '{}'::text[]) FROM regexp_matches(markdown, '/images/([a-z0-9][a-z0-9-]{0,119}[.](?:png|jpg|gif|webp|avif|svg))', 'g') AS m $$;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "content_image_names" text[] GENERATED ALWAYS AS (image_names_in(content)) STORED;--> statement-breakpoint
CREATE INDEX "articles_content_image_names_idx" ON "articles" USING gin ("content_image_names");
