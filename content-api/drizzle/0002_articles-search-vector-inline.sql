-- Every search reads the search_vector of every matching article: keep it in the row (storage
-- MAIN: compressed or moved out only as a last resort), so that a long row moves its Markdown and
-- plain text to TOAST instead (ADR 033). The UPDATE rewrites the existing rows under that rule
-- (the generated search_vector is recomputed).
ALTER TABLE "articles" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
UPDATE "articles" SET "title" = "title";
