-- A newsletter asked for before its article was public (ADR 206, amended): sent when it is.
ALTER TABLE "newsletter_sends" ADD COLUMN "waiting_for_publication" boolean DEFAULT false NOT NULL;
