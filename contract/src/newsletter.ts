// The newsletter (docs/decisions/206): anyone subscribes with an address and confirms it from a
// mail (double opt-in); the owner sends a published article to the confirmed; every mail carries
// a visible unsubscribe link and RFC 8058's one-click List-Unsubscribe.
import {
  Array as ArrayOf,
  Boolean as BooleanType,
  Integer,
  Literal,
  Null,
  Object as ObjectOf,
  Optional,
  String as StringType,
  Union,
} from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { OwnCommentSchema } from './comments.js';
import { ApiUserProfileSchema, emailAddress } from './schemas.js';

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
/** Subscribers per page of the dashboard's list. */
export const SUBSCRIBERS_PER_PAGE = 50;

/** What the API, its pages and the forms say of the newsletter, word for word. */
export const NEWSLETTER_MESSAGES = {
  /** The same answer whether the address is new, waiting or confirmed: nothing is revealed. */
  checkInbox: 'Almost there: open the link in the mail we sent you to confirm your subscription.',
  confirmed: 'Your subscription is confirmed. New articles will reach your inbox.',
  memberSubscribed: 'You are subscribed. New articles will reach your inbox.',
  linkExpired: 'This confirmation link has expired. Please subscribe again.',
  linkInvalid: 'This link is not valid. Please use the latest mail we sent you.',
  unsubscribed: 'You are unsubscribed and will get no more newsletters.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  subscriberNotFound: 'Subscriber not found',
  articleNotFound: 'Article not found',
  notPublished: 'Only a published article can be sent as a newsletter.',
  /** Cancelling a send that waits for its article's publication, once it has gone out. */
  alreadySent: 'This article has already been sent as a newsletter.',
  noSendWaiting: 'This article is not waiting to be sent.',
  noEmail: 'Your account has no e-mail address to send to.',
} as const;

/** The form's field and button texts, shared by the footer's, the article's and the member's. */
export const NEWSLETTER_FORM = {
  heading: 'Newsletter',
  lead: 'New articles by e-mail. No tracking; unsubscribe with one click.',
  emailLabel: 'Your e-mail address',
  submit: 'Subscribe',
  sending: 'Subscribing…',
} as const;

/** POST /newsletter/subscribe (anyone). */
export const SubscribeInputSchema = ObjectOf(
  {
    email: emailAddress,
    /** Honeypot: hidden in the form, so only bots fill it in. */
    website: Optional(StringType({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type SubscribeInput = Static<typeof SubscribeInputSchema>;

export const SubscriberStatusSchema = Union([Literal('pending'), Literal('confirmed')]);
export type SubscriberStatus = Static<typeof SubscriberStatusSchema>;

/** A subscriber as the owner sees them (GET /newsletter/subscribers). */
export const SubscriberSchema = ObjectOf({
  _id: StringType(),
  email: StringType(),
  status: SubscriberStatusSchema,
  /** The member who subscribed from their dashboard; null for a visitor's address. */
  memberUid: Union([StringType(), Null()]),
  /** ISO-8601. */
  createdAt: StringType(),
  confirmedAt: Union([StringType(), Null()]),
});
export type Subscriber = Static<typeof SubscriberSchema>;
export const SubscriberListSchema = ArrayOf(SubscriberSchema);

export const SubscriberListQuerySchema = ObjectOf(
  {
    limit: Optional(Integer({ minimum: 1, maximum: 200 })),
    offset: Optional(Integer({ minimum: 0, maximum: 10_000_000 })),
    status: Optional(SubscriberStatusSchema),
    query: Optional(StringType({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type SubscriberListQuery = Static<typeof SubscriberListQuerySchema>;

/** The answer header of GET /newsletter/subscribers counting the confirmed. */
export const CONFIRMED_COUNT_HEADER = 'X-Confirmed-Count';

/** GET|PUT|DELETE /newsletter/me: a signed-in member's own subscription. */
export const MemberSubscriptionSchema = ObjectOf({
  subscribed: BooleanType(),
  /** Null when not subscribed. */
  status: Union([SubscriberStatusSchema, Null()]),
  email: Union([StringType(), Null()]),
  message: Optional(StringType()),
});
export type MemberSubscription = Static<typeof MemberSubscriptionSchema>;

/** One article's newsletter: how its deliveries stand. */
export const NewsletterSendSchema = ObjectOf({
  articleId: StringType(),
  articleTitle: StringType(),
  /** ISO-8601: when it was first sent (or, waiting for publication, asked for). */
  createdAt: StringType(),
  sent: Integer({ minimum: 0 }),
  failed: Integer({ minimum: 0 }),
  waiting: Integer({ minimum: 0 }),
  /**
   * Asked for before the article was public: it goes to the confirmed subscribers of the moment
   * it is published (absent from an API older than sending on publication).
   */
  waitingForPublication: Optional(BooleanType()),
});
export type NewsletterSend = Static<typeof NewsletterSendSchema>;
export const NewsletterSendListSchema = ArrayOf(NewsletterSendSchema);

/**
 * POST /articles/:id/newsletter's query: `?when=published` asks for a draft or a scheduled article
 * to be sent once it is published, where it would otherwise be refused (409).
 */
export const NewsletterSendQuerySchema = ObjectOf(
  { when: Optional(Literal('published')) },
  { additionalProperties: false },
);
export type NewsletterSendQuery = Static<typeof NewsletterSendQuerySchema>;

/** POST /articles/:id/newsletter's answer: the subscribers newly queued, and the send. */
export const NewsletterQueuedSchema = ObjectOf({
  queued: Integer({ minimum: 0 }),
  message: StringType(),
  send: NewsletterSendSchema,
});
export type NewsletterQueued = Static<typeof NewsletterQueuedSchema>;

/** What the owner is told when an article not yet public will be sent on its publication. */
export const NEWSLETTER_WHEN_PUBLISHED_MESSAGE =
  'It will be sent to the confirmed subscribers when it is published.';

/** What the owner is told once a send is queued. */
export function newsletterQueuedMessage(queued: number): string {
  if (queued === 0) return 'Every confirmed subscriber has this article already.';
  return `Sending to ${queued} subscriber${queued === 1 ? '' : 's'}.`;
}

// --- Importing subscribers (docs/decisions/215) --------------------------------------------------

/**
 * The largest body of POST /newsletter/subscribers/import: 2 MiB, some 20,000 lines of the
 * Subscribers tab's own export (JSON's escapes included).
 */
export const SUBSCRIBER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most lines after the header a file imported may have (one import, one transaction). */
export const SUBSCRIBER_IMPORT_MAX_LINES = 50_000;
/** The lines not valid an import's answer lists, the first ones (it counts them all). */
export const SUBSCRIBER_IMPORT_INVALID_LISTED = 20;

/** POST /newsletter/subscribers/import (admin): a CSV file's text, read by the browser. */
export const SubscriberImportInputSchema = ObjectOf(
  { csv: StringType({ maxLength: SUBSCRIBER_IMPORT_MAX_BYTES }) },
  { additionalProperties: false },
);
export type SubscriberImportInput = Static<typeof SubscriberImportInputSchema>;

/** A line of the file that added nobody: its number in the file (the header is line 1), and why. */
export const SubscriberImportLineSchema = ObjectOf({
  line: Integer({ minimum: 1 }),
  reason: StringType(),
});
export type SubscriberImportLine = Static<typeof SubscriberImportLineSchema>;

/**
 * POST /newsletter/subscribers/import's answer: the addresses added (confirmed), those already on
 * the list (left as they were), and the lines not valid: the first SUBSCRIBER_IMPORT_INVALID_LISTED
 * of them, and how many in all. An address on several lines counts once.
 */
export const SubscriberImportSchema = ObjectOf({
  imported: Integer({ minimum: 0 }),
  skipped: Integer({ minimum: 0 }),
  invalid: ArrayOf(SubscriberImportLineSchema, { maxItems: SUBSCRIBER_IMPORT_INVALID_LISTED }),
  invalidCount: Integer({ minimum: 0 }),
});
export type SubscriberImport = Static<typeof SubscriberImportSchema>;

/** What an import answers, word for word: a whole file refused (400), or why a line added nobody. */
export const SUBSCRIBER_IMPORT_MESSAGES = {
  empty: 'The file is empty: nothing was imported.',
  noEmailColumn:
    'The file has no "email" column: its first line must name the columns, one of them "email". Nothing was imported.',
  noLines: 'The file has no line after its header: nothing was imported.',
  tooManyLines: `The file has more than ${SUBSCRIBER_IMPORT_MAX_LINES.toLocaleString('en-US')} lines: split it and import each part. Nothing was imported.`,
  /** A line whose e-mail cell is empty. */
  noAddress: 'No e-mail address.',
  /** Ghost's member export: a member who does not get the newsletter. */
  notSubscribed: 'Not subscribed to e-mails in the file (subscribed_to_emails is false).',
} as const;

/**
 * A file the CSV reader gave up on at `line`: a quote opened there and never closed (`unclosed`),
 * or another break of the format. Nothing was imported.
 */
export const subscriberImportNotCsv = (line: number, unclosed: boolean): string =>
  unclosed
    ? `A quote opened on line ${line} is never closed: the file could not be read as CSV. Nothing was imported.`
    : `The file could not be read as CSV (line ${line}). Nothing was imported.`;

/** How much of a cell a reason quotes. */
const QUOTED_CELL_LENGTH = 80;
const quoted = (cell: string) => {
  const characters = [...cell];
  return characters.length > QUOTED_CELL_LENGTH
    ? `“${characters.slice(0, QUOTED_CELL_LENGTH).join('')}…”`
    : `“${cell}”`;
};

/** A line whose e-mail cell is no address (as the subscribe form's check has it). */
export const notAnAddressReason = (cell: string): string =>
  `${quoted(cell)} is not a valid e-mail address.`;

/** A line of this site's export whose address never confirmed: its owner never agreed. */
export const notConfirmedReason = (status: string): string =>
  `Status ${quoted(status)}: only confirmed addresses are imported.`;

// --- A member's own data (docs/decisions/207) -----------------------------------------------------

/** What the member's dashboard and the API say of a member's data, word for word. */
export const MEMBER_DATA_MESSAGES = {
  signInAgain: 'For your safety, sign in again (within 5 minutes) before deleting your account.',
  deleted: 'Your account and your data are deleted.',
} as const;

/** GET /members/me/export: everything the site keeps of a member, as a JSON file. */
export const MemberExportSchema = ObjectOf({
  /** ISO-8601. */
  exportedAt: StringType(),
  account: ObjectOf({ uid: StringType(), email: Union([StringType(), Null()]) }),
  /** The profile document; null when the member never saved one. */
  profile: Union([ApiUserProfileSchema, Null()]),
  /** Every comment they wrote, in every state, the newest first. */
  comments: ArrayOf(OwnCommentSchema),
  subscription: MemberSubscriptionSchema,
});
export type MemberExport = Static<typeof MemberExportSchema>;

/** DELETE /members/me's answer: what became of the member's comments. */
export const MemberDeletedSchema = ObjectOf({
  message: StringType(),
  commentsRemoved: Integer({ minimum: 0 }),
  commentsKept: Integer({ minimum: 0 }),
});
export type MemberDeleted = Static<typeof MemberDeletedSchema>;
