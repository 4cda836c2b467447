// What a raw query (db.execute) answers, read the same way whichever driver ran it.

/** The rows of a raw query: PGlite's and node-postgres's results both carry `rows`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? [];
}
