// Texts of the dashboard's newsletter (docs/decisions/206): the Subscribers tab, its import (215),
// its list of the newsletters sent, and the articles' "Send as newsletter". The panels, their
// tests and the browser specs import them.
import { SUBSCRIBER_IMPORT_MAX_BYTES } from '@portfolio/contract';
import type { SubscriberImport, SubscriberImportLine, SubscriberStatus } from '@portfolio/contract';

export const TAB_SUBSCRIBERS = 'Subscribers';
/** "Subscribers (12)": the confirmed, whom a newsletter reaches; the plain name while unknown. */
export const subscribersTabLabel = (confirmed: number | null): string =>
  confirmed === null ? TAB_SUBSCRIBERS : `${TAB_SUBSCRIBERS} (${confirmed})`;
export const confirmedCount = (count: number): string => `${count} confirmed`;

// The list.
export const SUBSCRIBER_FILTERS_LABEL = 'Show subscribers';
export const SUBSCRIBER_FILTERS: readonly {
  value: SubscriberStatus | undefined;
  label: string;
}[] = [
  { value: undefined, label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Pending' },
];
export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
};
export const SEARCH_SUBSCRIBERS_LABEL = 'Search by address';
export const SUBSCRIBERS_LIST_LABEL = 'Subscribers';
/** Before the date an address was confirmed (or, pending, given). */
export const SINCE_PREFIX = 'since';
/** Beside the address of a member who subscribed from their dashboard. */
export const MEMBER_BADGE = 'member';
export const SUBSCRIBERS_LOAD_ERROR = 'The subscribers could not be loaded.';
export const NO_SUBSCRIBERS = 'No subscribers yet.';
export const NO_SUBSCRIBERS_HERE = 'No subscribers here.';
export const NO_SUBSCRIBER_MATCHES = 'No address matches this search.';
export const SUBSCRIBERS_PAGES_LABEL = 'Pages of subscribers';
export const DELETE_SUBSCRIBER_LABEL = 'Delete';
export const deleteSubscriberLabel = (email: string): string => `Delete ${email}`;
export const SUBSCRIBER_DELETED = 'Subscriber deleted.';
export const EXPORT_SUBSCRIBERS_LABEL = 'Export CSV';
export const SUBSCRIBERS_FILE_NAME = 'subscribers.csv';
export const EXPORT_SUBSCRIBERS_ERROR = 'The subscribers could not be exported.';

// "Import from CSV" (docs/decisions/215): the owner vouches for the consent of whom they import.
export const IMPORT_SUBSCRIBERS_LABEL = 'Import from CSV';
export const IMPORT_SUBSCRIBERS_HINT =
  'A CSV file whose first line names its columns, one of them "email": another platform’s export, or this tab’s. Each new address is added as confirmed, without a confirmation mail: import only people who agreed to receive your newsletter. Addresses already here stay as they are.';
export const IMPORT_BUSY = 'Importing...';
export const IMPORT_ERROR = 'The subscribers could not be imported.';
export const IMPORT_READ_ERROR = 'The file could not be read.';
export const IMPORT_TOO_LARGE = `This file is too large to import at once (${SUBSCRIBER_IMPORT_MAX_BYTES / 1024 / 1024} MiB at most): split it into smaller files.`;
const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;
/** "Imported 250 subscribers; 3 already subscribed; 2 lines not valid." (a part of 0 unsaid). */
export const importSummary = ({ imported, skipped, invalidCount }: SubscriberImport): string =>
  [
    `Imported ${counted(imported, 'subscriber', 'subscribers')}`,
    ...(skipped > 0 ? [`${skipped} already subscribed`] : []),
    ...(invalidCount > 0 ? [`${counted(invalidCount, 'line', 'lines')} not valid`] : []),
  ].join('; ') + '.';
export const INVALID_LINES_LABEL = 'Lines not imported';
export const invalidLineText = ({ line, reason }: SubscriberImportLine): string =>
  `Line ${line}: ${reason}`;
/** Under the lines listed, when the API listed only the first of them. */
export const moreInvalidLines = (count: number): string =>
  `…and ${counted(count, 'other line', 'other lines')} not valid.`;

// The newsletters sent.
export const SENDS_HEADING = 'Newsletters sent';
export const ARTICLE_LABEL = 'Article';
export const WHEN_LABEL = 'When';
export const SENT_LABEL = 'Sent';
export const FAILED_LABEL = 'Failed';
export const WAITING_LABEL = 'Waiting';
export const NO_SENDS = 'No article has been sent as a newsletter yet.';
export const SENDS_LOAD_ERROR = 'The newsletters sent could not be loaded.';
/** In place of the time, for an article that goes out when it is published. */
export const WHEN_PUBLISHED = 'When published';
export const CANCEL_SEND_LABEL = 'Cancel';
export const cancelSendLabel = (title: string): string => `Cancel the newsletter of ${title}`;
export const CANCEL_SEND_ERROR = 'The newsletter could not be cancelled. Please try again.';
/** Under the list while mails wait: it keeps itself up to date. */
export const SENDS_UPDATING = 'Mails are on their way: this list updates every few seconds.';

// "Send as newsletter", on a published article.
export const SEND_NEWSLETTER_LABEL = 'Send as newsletter';
export const sendNewsletterLabel = (title: string): string => `${SEND_NEWSLETTER_LABEL}: ${title}`;
export const CONFIRM_SEND_LABEL = 'Confirm sending';
export const confirmSendText = (title: string, confirmed: number | null): string =>
  confirmed === null
    ? `Send “${title}” to every confirmed subscriber?`
    : `Send “${title}” to ${confirmed} confirmed subscriber${confirmed === 1 ? '' : 's'}?`;
export const SEND_ONCE_NOTE = 'Each subscriber gets an article once, however often it is sent.';
export const SEND_LABEL = 'Send';
export const SEND_BUSY = 'Sending...';
export const SEND_ERROR = 'The newsletter could not be sent. Please try again.';

// "Send when published", on a draft or a scheduled article (sent by the API once it is public).
export const SEND_WHEN_PUBLISHED_LABEL = 'Send when published';
export const sendWhenPublishedLabel = (title: string): string =>
  `${SEND_WHEN_PUBLISHED_LABEL}: ${title}`;
export const confirmSendWhenPublishedText = (title: string): string =>
  `Send “${title}” to the confirmed subscribers when it is published?`;
