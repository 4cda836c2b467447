import { renderStandalone } from '@portfolio/shared/standalone';

// The blog on its own, with the same paths as in the shell. The search page has no navbar
// here: open /search-article?query=… directly.
void renderStandalone('blog', [
  { path: '/blog', label: 'Blog', load: () => import('./pages/BlogPage/BlogPage') },
  {
    path: '/articles/:id',
    load: () => import('./pages/ArticlesVariantPage/ArticlesVariantPage'),
  },
  { path: '/article/:id', load: () => import('./pages/ArticlePage/ArticlePage') },
  { path: '/search-article', label: 'Search', load: () => import('./pages/SearchPage/SearchPage') },
]);
