// What `npm run content:export` and `content:import` say (docs/decisions/121, 145): here, without
// the command's imports, so the browser specs read them too.

export const USAGE =
  'Usage: npm run content:export [folder] [-- --with-messages --with-settings ' +
  '--with-subscribers]  |  npm run content:import [folder]';
export const WITH_MESSAGES = '--with-messages';
export const WITH_SETTINGS = '--with-settings';
export const WITH_SUBSCRIBERS = '--with-subscribers';
export const IMPORT_NO_MESSAGES =
  'An import never writes contact messages, settings, comments or subscribers: messages.json, ' +
  'settings.json, comments.json and subscribers.json are backups, kept as they are.';

/** What to say when the embedded database is in use by the running API. */
export const PGLITE_IN_USE =
  'The content API is running on this embedded database (DATA_DIR), which serves one process ' +
  'at a time, and an import must not write behind its back. Stop it (Ctrl-C in npm start), run ' +
  'this again, then start it: it reads the content afresh. (An export works while it runs. ' +
  'With PostgreSQL (DATABASE_URL) an import may run beside the API.)';
/** Said before the reason when the running API could not give the export either. */
export const EXPORT_FROM_API_FAILED =
  'The content API is running on this embedded database (DATA_DIR), so the export asked it, ' +
  'and that failed:';
