// Fixtures for the front-end tests (`@portfolio/testing/fixtures`): articles, search results, a
// project, an image and the site's settings.
import type {
  Article,
  ArticleDetail,
  Image,
  Project,
  SearchResult,
  SiteSettings,
} from '@portfolio/shared/types';
import seedSettings from '@portfolio/content-api/seed/settings.json';

let sequence = 0;

/** An article; its `excerpt` is its content unless given (the API would strip Markdown). */
export function makeArticle(overrides: Partial<Article> = {}): Article {
  sequence += 1;
  const content = overrides.content ?? `Body of article ${sequence}.`;
  return {
    _id: `article-${sequence}`,
    title: `Article ${sequence}`,
    content,
    excerpt: content.trim(),
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt: '2026-01-01T09:00:00.000Z',
    ...overrides,
  };
}

export function makeArticleDetail(overrides: Partial<ArticleDetail> = {}): ArticleDetail {
  return { ...makeArticle(overrides), previous: null, next: null, ...overrides };
}

export function makeSearchResult(overrides: Partial<SearchResult> = {}): SearchResult {
  const { _id, title, content, createdAt } = makeArticle();
  return { _id, title, content, createdAt, snippet: '', ...overrides };
}

/** A project as GET /projects/:id answers it (the same one each time unless overridden). */
export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    _id: 'home-lab-siem',
    title: 'Home Lab SIEM',
    description: 'A lab.',
    imagePath: '/images/siem.svg',
    createdAt: '2024-02-12T10:00:00.000Z',
    updatedAt: '2024-02-12T10:00:00.000Z',
    ...overrides,
  };
}

/** A photo's `image` as the API answers it: 4000 × 3000, every width, AVIF, WebP and JPEG. */
export function makeImage(overrides: Partial<Image> = {}): Image {
  return {
    path: '/images/photo-1a2b3c4d5e6f7a8b.jpg',
    width: 4000,
    height: 3000,
    widths: [320, 480, 640, 828, 1080, 1280, 1600, 1920],
    formats: ['avif', 'webp', 'jpeg'],
    ...overrides,
  };
}

/**
 * The site's settings (GET /settings, docs/decisions/141) as the seed has them, a new copy each
 * time, with `overrides` applied part by part (`{ owner: { name: 'Jo' } }` keeps the rest of
 * the owner).
 */
export function makeSiteSettings(
  overrides: { [Part in keyof SiteSettings]?: Partial<SiteSettings[Part]> } = {},
): SiteSettings {
  const seed = structuredClone(seedSettings) as Omit<SiteSettings, 'updatedAt'>;
  return {
    owner: { ...seed.owner, ...overrides.owner },
    about: { ...seed.about, ...overrides.about },
    portfolio: { ...seed.portfolio, ...overrides.portfolio },
    theme: { ...seed.theme, ...overrides.theme },
    updatedAt: overrides.updatedAt ?? '2026-11-20T10:00:00.000Z',
  };
}
