// The readable line diff of a saved version against the editor's text (docs/decisions/143),
// made with jsdiff's diffLines (Myers' algorithm). jsdiff is loaded when a version is first
// compared, so the dashboard's first load does not carry it.

/** One line of the diff, or a run of unchanged lines left out. */
export type DiffRow =
  { kind: 'same' | 'removed' | 'added'; text: string } | { kind: 'skipped'; count: number };

/** Unchanged lines shown around each change; longer unchanged runs are folded. */
export const DIFF_CONTEXT_LINES = 3;

/** The text as lines ending with a newline, so a missing last newline is no change. */
function normalized(text: string): string {
  const unix = text.replace(/\r\n?/g, '\n');
  return unix === '' || unix.endsWith('\n') ? unix : `${unix}\n`;
}

function linesOf(value: string): string[] {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Folds unchanged runs longer than the context on both sides into a `skipped` row. */
export function foldUnchanged(rows: DiffRow[], context = DIFF_CONTEXT_LINES): DiffRow[] {
  const folded: DiffRow[] = [];
  let run: DiffRow[] = [];
  const flush = (atStart: boolean, atEnd: boolean) => {
    const keepBefore = atStart ? 0 : context;
    const keepAfter = atEnd ? 0 : context;
    if (run.length > keepBefore + keepAfter + 1) {
      folded.push(...run.slice(0, keepBefore));
      folded.push({ kind: 'skipped', count: run.length - keepBefore - keepAfter });
      folded.push(...run.slice(run.length - keepAfter));
    } else {
      folded.push(...run);
    }
    run = [];
  };
  rows.forEach((row) => {
    if (row.kind === 'same') {
      run.push(row);
      return;
    }
    if (run.length > 0) flush(folded.length === 0, false);
    folded.push(row);
  });
  if (run.length > 0) flush(folded.length === 0, true);
  return folded;
}

/**
 * The lines of `from` (the saved version) and `to` (the editor's text): removed ones are only in
 * the version, added ones only in the editor. Empty when the texts are the same.
 */
export async function lineDiff(from: string, to: string): Promise<DiffRow[]> {
  const { diffLines } = await import(/* webpackChunkName: "line-diff" */ 'diff');
  const rows: DiffRow[] = [];
  for (const change of diffLines(normalized(from), normalized(to))) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    for (const text of linesOf(change.value)) rows.push({ kind, text });
  }
  if (rows.every((row) => row.kind === 'same')) return [];
  return foldUnchanged(rows);
}
