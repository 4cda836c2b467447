import { renderStandalone } from '@portfolio/shared/standalone';

void renderStandalone('shop', [
  { path: '/store', label: 'Store', load: () => import('./pages/StorePage/StorePage') },
  { path: '/ebook', label: 'E-books', load: () => import('./pages/EbookPage/EbookPage') },
]);
