-- The owner's archive of contact messages: out of the inbox, kept (issue "the owner runs the site").
ALTER TABLE "contact_messages" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;