// Synthetic blog articles for the API bench: a few Markdown paragraphs each, about the size of
// the seed articles (~1.7 KB), generated deterministically so every run and both drivers get the
// same data. COMMON_WORD is in nine articles out of ten; RARE_WORD in exactly RARE_COUNT. Each
// article has two or three tags (docs/decisions/132) from TAGS; COMMON_TAG is on every other one,
// so its tag page has thousands at 10,000 articles.

export const COMMON_WORD = 'security';
export const RARE_WORD = 'kerberoasting';
export const RARE_COUNT = 5;

/** On every other article. */
export const COMMON_TAG = 'defence';

/** The tags' vocabulary: the first is on every other article, the others on one in 3 to 9. */
export const TAGS = [
  COMMON_TAG,
  'cloud',
  'appsec',
  'incident-response',
  'compliance',
  'identity',
  'network',
  'tooling',
];

const TOPICS = [
  'Threat Hunting',
  'Patch Management',
  'Cloud Posture',
  'Endpoint Detection',
  'Secrets Handling',
  'Web Application Testing',
  'Log Retention',
  'Access Reviews',
  'Backup Strategy',
  'Supply Chain Risk',
  'Firewall Rules',
  'Email Filtering',
];

const SUBJECTS = [
  'the blue team',
  'an attacker',
  'the on-call engineer',
  'a small company',
  'the audit',
  'every service owner',
  'the incident commander',
  'a careful reviewer',
];
const VERBS = [
  'should document',
  'often forgets',
  'can automate',
  'must verify',
  'tends to postpone',
  'quietly monitors',
  'regularly rotates',
  'carefully reviews',
];
const OBJECTS = [
  'the firewall configuration',
  'stale credentials',
  'the logging pipeline',
  'exposed administration panels',
  'dependency updates',
  'the backup restore procedure',
  'privileged accounts',
  'alert thresholds',
  'the asset inventory',
  'certificate expiry dates',
];
const CLOSINGS = [
  'before the next quarterly review.',
  'so that nothing drifts unnoticed.',
  'because attackers look for exactly that gap.',
  'and writes the result down for the team.',
  'with a short checklist everyone can follow.',
  'even when the calendar is full.',
];

/** mulberry32: a tiny seeded generator, so the data is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(random: () => number): string {
  const pick = (list: readonly string[]): string => list[Math.floor(random() * list.length)] ?? '';
  const text = `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(CLOSINGS)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function paragraph(random: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(random)).join(' ');
}

/** Indexes of the articles that mention RARE_WORD: spread over the whole range. */
function rareIndexes(count: number): Set<number> {
  return new Set(
    Array.from({ length: RARE_COUNT }, (_, i) => Math.floor(((i + 0.5) * count) / RARE_COUNT)),
  );
}

function articleBody(index: number, random: () => number, mentionsRare: boolean): string {
  const common = index % 10 === 9 ? 'defence' : COMMON_WORD;
  const rare = mentionsRare
    ? ` A red-team exercise showed how ${RARE_WORD} works in practice.`
    : '';
  return [
    paragraph(random, 3),
    `## Why it matters\n\n${paragraph(random, 3)} Good ${common} habits make this routine.${rare}`,
    `- ${sentence(random)}\n- ${sentence(random)}\n- ${sentence(random)}`,
    `## What to do next\n\n${paragraph(random, 4)}`,
    paragraph(random, 3),
  ].join('\n\n');
}

/** Two or three tags: COMMON_TAG on the even indexes, the others from the rest in turn. */
function articleTags(index: number): string[] {
  const rest = TAGS.slice(1);
  const tags = [rest[index % rest.length], rest[(index + 3) % rest.length]].filter(
    (tag) => tag !== undefined,
  );
  return index % 2 === 0 ? [COMMON_TAG, ...tags] : tags;
}

export interface SyntheticArticle {
  title: string;
  content: string;
  tags: string[];
  createdAt: Date;
}

/** `count` articles, newest first, one hour apart, ending at `newest`. */
export function generateArticles(
  count: number,
  newest = new Date('2026-11-01T12:00:00.000Z'),
): SyntheticArticle[] {
  const random = seededRandom(count);
  const rare = rareIndexes(count);
  return Array.from({ length: count }, (_, index) => ({
    title: `${TOPICS[index % TOPICS.length] ?? ''} Field Notes ${index + 1}`,
    content: `${articleBody(index, random, rare.has(index))}\n`,
    tags: articleTags(index),
    createdAt: new Date(newest.getTime() - index * 3_600_000),
  }));
}
