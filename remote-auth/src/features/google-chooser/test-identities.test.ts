import {
  GOOGLE_TEST_IDENTITIES,
  REMEMBERED_IDENTITIES_KEY,
  REMEMBERED_IDENTITIES_MAX,
  listedIdentities,
  rememberIdentity,
  rememberedIdentities,
} from './test-identities';

beforeEach(() => window.localStorage.clear());

const emails = () => listedIdentities().map((identity) => identity.email);

describe('the identities the Google chooser lists', () => {
  it('are the test identities on a browser that has chosen none', () => {
    expect(listedIdentities()).toEqual(GOOGLE_TEST_IDENTITIES);
    expect(GOOGLE_TEST_IDENTITIES.length).toBeGreaterThanOrEqual(3);
  });

  it('start with the accounts chosen before, latest first, each address once', () => {
    rememberIdentity({ name: 'Me', email: 'me@example.org' });
    rememberIdentity(GOOGLE_TEST_IDENTITIES[1]!);
    // Another spelling of the same address is the same Google account.
    rememberIdentity({ name: 'Me again', email: 'ME@example.org' });
    expect(emails()).toEqual([
      'ME@example.org',
      GOOGLE_TEST_IDENTITIES[1]!.email,
      ...GOOGLE_TEST_IDENTITIES.filter((_, index) => index !== 1).map((i) => i.email),
    ]);
    expect(listedIdentities()[0]).toEqual({ name: 'Me again', email: 'ME@example.org' });
  });

  it(`remember ${REMEMBERED_IDENTITIES_MAX} accounts at most`, () => {
    for (let n = 1; n <= REMEMBERED_IDENTITIES_MAX + 2; n += 1) {
      rememberIdentity({ name: `User ${n}`, email: `user${n}@example.org` });
    }
    const names = rememberedIdentities().map((identity) => identity.name);
    expect(names).toHaveLength(REMEMBERED_IDENTITIES_MAX);
    expect(names[0]).toBe(`User ${REMEMBERED_IDENTITIES_MAX + 2}`);
    expect(names).not.toContain('User 1');
  });

  it('ignore what storage holds that is not a list of identities', () => {
    window.localStorage.setItem(REMEMBERED_IDENTITIES_KEY, '{not json');
    expect(listedIdentities()).toEqual(GOOGLE_TEST_IDENTITIES);
    window.localStorage.setItem(
      REMEMBERED_IDENTITIES_KEY,
      JSON.stringify([
        { name: 1, email: 'x@example.org' },
        { name: 'Ok', email: 'ok@example.org' },
      ]),
    );
    expect(rememberedIdentities()).toEqual([{ name: 'Ok', email: 'ok@example.org' }]);
  });
});
