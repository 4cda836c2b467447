import { renderStandalone } from '@portfolio/shared/standalone';

void renderStandalone('portfolio', [
  { path: '/', label: 'Home', load: () => import('./pages/HomePage/HomePage') },
  {
    path: '/portfolio',
    label: 'Portfolio',
    load: () => import('./pages/PortfolioPage/PortfolioPage'),
  },
  { path: '/about', label: 'About', load: () => import('./pages/AboutPage/AboutPage') },
  { path: '/contact', label: 'Contact', load: () => import('./pages/ContactPage/ContactPage') },
  { path: '/projects/:id', load: () => import('./pages/ProjectDetailPage/ProjectDetailPage') },
]);
