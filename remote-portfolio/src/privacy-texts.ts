// The privacy statement's texts (docs/decisions/182), in a module of their own: only the privacy
// page loads them, not every portfolio page that reads ./texts.
export const PRIVACY_PATH = '/privacy';
export const PRIVACY_TITLE = 'Privacy';
export const PRIVACY_DESCRIPTION =
  'What this site counts of its readers, and what it never does: no cookies to count you, no tracking.';
export const PRIVACY_INTRO_COUNTING = 'This site counts its readers without tracking them.';
export const PRIVACY_INTRO_NOT_COUNTING = 'This site counts nothing of its readers.';
export const PRIVACY_COUNTED_HEADING = 'What is counted';
export const PRIVACY_COUNTED = [
  'Each time a page is shown: its address (without anything after a question mark), the day and time, the kind of screen (phone, tablet or desktop), and whether a link in the newsletter led to it.',
  'The website a link came from: its address only (such as https://news.example.org), never which of its pages or what was searched for there.',
  "How many different visitors there were each day. The server makes a code from your network address and your browser's name, mixed with a random value that is replaced every day and then deleted. Only the code is kept: it cannot be turned back into your address, and your code tomorrow has nothing in common with today's.",
] as const;
/** What the statement says of how long views are kept, from the API's own number. */
export const privacyKept = (days: number) =>
  `Single page views are kept for ${days} days; after that only each day's totals per page remain.`;
export const PRIVACY_NOT_COUNTED_HEADING = 'What is never done';
export const PRIVACY_NOT_COUNTED = [
  'No cookies and nothing stored in your browser to count you, no fingerprinting, no identifier that follows you from one day to the next.',
  "Your network address and your browser's name are never stored.",
  "No script or service of anyone else: the figures stay on this site's own server, for its owner.",
] as const;
export const PRIVACY_NOT_COUNTING_DETAIL =
  'Pages send nothing when they are shown, and the server keeps no record of who reads what.';
export const PRIVACY_CHOICE_HEADING = 'Your choice';
export const PRIVACY_CHOICE =
  "If your browser sends Global Privacy Control or Do Not Track, your visits are not counted at all. Search engines' crawlers and automated browsers are not counted either.";
export const PRIVACY_OTHER_HEADING = 'Messages, accounts and the theme';
export const PRIVACY_OTHER = [
  'A message sent with the contact form is kept so the owner can read and answer it.',
  'Signing in sets one cookie, your session, which ends when you sign out. Accounts are handled by Firebase Authentication.',
  'Choosing the light or the dark theme sets one cookie, "theme", which holds that choice and nothing else, so every page comes in it; it lasts a year from your last choice.',
] as const;
