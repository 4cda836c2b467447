// Texts of the editors' Versions panel: the saved versions the API keeps of an article or a
// project, a version's differences from the editor's text, and its restore (docs/decisions/143).
// Pages, tests and the browser specs import them.
import { REVISIONS_KEPT } from '@portfolio/contract';
import type { RevisionSummary } from '@portfolio/contract';

export const VERSIONS_LABEL = 'Versions';
export const VERSIONS_HINT = `The last ${REVISIONS_KEPT} saved versions, newest first. Choose one to see how it differs from the editor’s text; Restore puts it into the editor, and saving keeps it.`;
export const VERSIONS_LIST_LABEL = 'Saved versions';
export const VERSIONS_LOADING = 'Loading the saved versions...';
export const VERSIONS_LOAD_ERROR = 'The saved versions could not be loaded.';
export const NO_VERSIONS = 'No saved versions yet: each save keeps one.';
export const VERSION_LOADING = 'Loading this version...';
export const VERSION_LOAD_ERROR = 'This version could not be loaded.';
export const LATEST_VERSION = 'latest';

export const versionName = (number: number): string => `Version ${number}`;

/** "340 bytes", "1.2 KB", "85 KB". */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const kilobytes = bytes / 1000;
  return `${kilobytes < 10 ? kilobytes.toFixed(1) : Math.round(kilobytes)} KB`;
}

/** When a version was saved: "Nov 26, 2026, 10:00 AM". */
export const formatSavedAt = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_LABELS: Record<RevisionSummary['status'], string> = {
  draft: 'Draft',
  published: 'Published',
};

/** The details of a version in the list, after its name: "Nov 26, 2026, 10:00 AM · Draft · 1.2 KB". */
export const versionDetails = (revision: RevisionSummary): string =>
  [formatSavedAt(revision.savedAt), STATUS_LABELS[revision.status], formatSize(revision.size)].join(
    ' · ',
  );

/** The heading of the comparison. */
export const compareHeading = (number: number): string =>
  `${versionName(number)} compared with the editor`;
/** What the marks of the diff mean. */
export const compareLegend = (number: number): string =>
  `Lines marked − are only in version ${number}; lines marked + are only in the editor.`;
/** The diff's name: "Differences in Content (Markdown)". */
export const diffLabel = (field: string): string => `Differences in ${field}`;
export const REMOVED_MARK = '−';
export const ADDED_MARK = '+';
/** Screen readers hear these before a changed line (the marks are not read reliably). */
export const ONLY_IN_VERSION = 'only in the version:';
export const ONLY_IN_EDITOR = 'only in the editor:';
export const unchangedLines = (count: number): string =>
  `… ${count} unchanged line${count === 1 ? '' : 's'} …`;
export const SAME_AS_EDITOR = 'This version is the same as the editor’s text.';
export const TEXT_SAME = 'The text is the same; other fields differ:';
export const FIELDS_DIFFER_LABEL = 'Other fields that differ';
export const IN_VERSION = 'Version';
export const IN_EDITOR = 'Editor';
export const EMPTY_VALUE = '(empty)';

export const restoreVersionLabel = (number: number): string => `Restore version ${number}`;
export const restoreVersionConfirm = (number: number): string =>
  `Replace what the editor holds with version ${number}? Your unsaved changes are replaced.`;
export const versionRestored = (number: number): string =>
  `Version ${number} is in the editor. Save to keep it.`;
