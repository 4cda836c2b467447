// The API keeps its contract (docs/decisions/052): what it answers passes the very check the
// front end's API client runs on it (@portfolio/contract's check()).
import {
  AboutDataSchema,
  ApiUserProfileSchema,
  ArticleDetailSchema,
  ArticleListSchema,
  MessageSchema,
  ProjectListSchema,
  ProjectSchema,
  SearchResultListSchema,
  StoredContactMessageListSchema,
  check,
} from '@portfolio/contract';
import type { TSchema } from '@portfolio/contract';
import { testDrivers } from './testing/databases.js';
import { adminHeaders, tokenFor } from './testing/fake-auth.js';
import type { TestApp } from './testing/test-app.js';
import { createTestApp } from './testing/test-app.js';

describe.each(testDrivers)('answers keep the contract (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  async function expectAnswer(
    url: string,
    schema: TSchema,
    headers: Record<string, string> = {},
    status = 200,
  ) {
    const response = await t.app.inject({ url, headers });
    expect(response.statusCode).toBe(status);
    expect(check(schema, response.json())).toBe(true);
  }

  it('for the public reads', async () => {
    const [first] = (await t.app.inject('/api/projects')).json() as { _id: string }[];
    const [article] = (await t.app.inject('/api/articles')).json() as { _id: string }[];
    await expectAnswer('/api/projects', ProjectListSchema);
    await expectAnswer(`/api/projects/${first?._id}`, ProjectSchema);
    await expectAnswer('/api/articles?limit=5', ArticleListSchema);
    await expectAnswer(`/api/articles/${article?._id}`, ArticleDetailSchema);
    await expectAnswer('/api/search?query=tls', SearchResultListSchema);
    await expectAnswer('/api/search?query=', SearchResultListSchema);
    await expectAnswer('/api/about-data', AboutDataSchema);
  });

  it('for errors', async () => {
    await expectAnswer('/api/projects/no-such-project', MessageSchema, {}, 404);
    await expectAnswer('/api/articles?limit=0', MessageSchema, {}, 400);
  });

  it('for the signed-in reads', async () => {
    const headers = { authorization: `Bearer ${tokenFor({ uid: 'reader', email: 'r@x.test' })}` };
    const created = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      payload: { username: 'reader' },
    });
    expect(check(ApiUserProfileSchema, created.json())).toBe(true);
    await expectAnswer('/api/users/me', ApiUserProfileSchema, headers);
    await expectAnswer('/api/contact', StoredContactMessageListSchema, adminHeaders);
  });
});
