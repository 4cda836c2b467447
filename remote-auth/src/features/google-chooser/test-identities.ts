// The Google identities the emulator-only account chooser lists (docs/decisions/124): a few
// fixed test identities, and the accounts chosen on this browser before, latest first, as
// Google's own chooser remembers the accounts used on a device.
import type { GoogleTestIdentity } from '@portfolio/shared/auth-actions';

/** The picture Google gives an account that has none of its own. */
const GOOGLE_DEFAULT_PHOTO = 'https://lh3.googleusercontent.com/a/default-user=s96-c';

export const GOOGLE_TEST_IDENTITIES: readonly GoogleTestIdentity[] = [
  { name: 'Ada Lovelace', email: 'ada.lovelace@example.com', photoURL: GOOGLE_DEFAULT_PHOTO },
  { name: 'Grace Hopper', email: 'grace.hopper@example.com', photoURL: GOOGLE_DEFAULT_PHOTO },
  { name: 'Alan Turing', email: 'alan.turing@example.com', photoURL: GOOGLE_DEFAULT_PHOTO },
];

export const REMEMBERED_IDENTITIES_KEY = 'portfolio:google-test-identities';
export const REMEMBERED_IDENTITIES_MAX = 5;

const sameAccount = (a: GoogleTestIdentity, b: GoogleTestIdentity) =>
  a.email.trim().toLowerCase() === b.email.trim().toLowerCase();

function isIdentity(value: unknown): value is GoogleTestIdentity {
  if (typeof value !== 'object' || value === null) return false;
  const { name, email, photoURL } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    typeof email === 'string' &&
    (photoURL === undefined || typeof photoURL === 'string')
  );
}

/** The accounts chosen on this browser, latest first (none when storage is unavailable). */
export function rememberedIdentities(): GoogleTestIdentity[] {
  try {
    const stored: unknown = JSON.parse(
      window.localStorage.getItem(REMEMBERED_IDENTITIES_KEY) ?? '[]',
    );
    return Array.isArray(stored) ? stored.filter(isIdentity) : [];
  } catch {
    return [];
  }
}

/** Puts `identity` first in the remembered accounts (once per address, a few at most). */
export function rememberIdentity(identity: GoogleTestIdentity): void {
  const others = rememberedIdentities().filter((known) => !sameAccount(known, identity));
  try {
    window.localStorage.setItem(
      REMEMBERED_IDENTITIES_KEY,
      JSON.stringify([identity, ...others].slice(0, REMEMBERED_IDENTITIES_MAX)),
    );
  } catch {
    // Storage full or refused: the chooser only forgets the account.
  }
}

/** What the chooser lists: the remembered accounts, then the test identities not among them. */
export function listedIdentities(): GoogleTestIdentity[] {
  const remembered = rememberedIdentities();
  return [
    ...remembered,
    ...GOOGLE_TEST_IDENTITIES.filter(
      (test) => !remembered.some((known) => sameAccount(known, test)),
    ),
  ];
}
