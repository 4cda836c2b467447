// The generators read the request bodies' fields and limits from the API's contract
// (docs/decisions/052): these are the specs the campaign attacks.
import {
  ARTICLE_SPEC,
  CONTACT_SPEC,
  PROFILE_SPEC,
  PROJECT_SPEC,
  PUBLICATION_SPEC,
  READ_SPEC,
} from '@portfolio/testing/hostile-requests';

describe('body specs derived from the contract', () => {
  it('has every field of each body with its kind, limit and whether it is required', () => {
    expect(CONTACT_SPEC).toEqual({
      name: { kind: 'text', max: 100, required: true },
      email: { kind: 'email', max: 254, required: true },
      message: { kind: 'text', max: 5000, required: true },
    });
    expect(PROJECT_SPEC).toEqual({
      title: { kind: 'text', max: 200, required: true },
      description: { kind: 'text', max: 10_000, required: true },
      imagePath: { kind: 'imagePath', required: true },
      skills: { kind: 'list', maxItems: 50 },
      link: { kind: 'url', max: 2048 },
      createdAt: { kind: 'date' },
      status: { kind: 'choice' },
      publishedAt: { kind: 'date' },
    });
    expect(ARTICLE_SPEC).toEqual({
      title: { kind: 'text', max: 200, required: true },
      content: { kind: 'text', max: 100_000, required: true },
      imagePath: { kind: 'imagePath' },
      createdAt: { kind: 'date' },
      slug: { kind: 'slug', max: 100 },
      tags: { kind: 'list', maxItems: 10 },
      customExcerpt: { kind: 'text', max: 150 },
      metaDescription: { kind: 'text', max: 300 },
      status: { kind: 'choice' },
      publishedAt: { kind: 'date' },
    });
    expect(PROFILE_SPEC).toEqual({
      email: { kind: 'email', max: 254 },
      username: { kind: 'text', max: 50 },
      name: { kind: 'text', max: 100 },
      photoURL: { kind: 'url', max: 2048 },
      role: { kind: 'text', max: 50 },
    });
    expect(READ_SPEC).toEqual({
      read: { kind: 'boolean', required: true },
      archived: { kind: 'boolean' },
    });
    expect(PUBLICATION_SPEC).toEqual({
      status: { kind: 'choice', required: true },
      publishedAt: { kind: 'date' },
    });
  });
});
