-- The automatic excerpt, cut when an article is written (ADR 133); older rows get theirs at the
-- API's next start.
ALTER TABLE "articles" ADD COLUMN "auto_excerpt" text;
