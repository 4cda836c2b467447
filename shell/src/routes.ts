// The route table: each route lazily loads ONE exposed page module of one remote.
import type { RemoteName } from '@portfolio/shared/config';

export interface RemoteRouteEntry {
  path: string;
  remote: RemoteName;
  /** The exposed module, as listed in the remote's webpack.config.mjs. */
  module: string;
}

export const REMOTE_ROUTES: readonly RemoteRouteEntry[] = [
  { path: '/', remote: 'portfolio', module: './HomePage' },
  { path: '/portfolio', remote: 'portfolio', module: './PortfolioPage' },
  { path: '/about', remote: 'portfolio', module: './AboutPage' },
  { path: '/contact', remote: 'portfolio', module: './ContactPage' },
  { path: '/projects/:id', remote: 'portfolio', module: './ProjectDetailPage' },
  { path: '/blog', remote: 'blog', module: './BlogPage' },
  { path: '/articles/:id', remote: 'blog', module: './ArticlesVariantPage' },
  { path: '/article/:id', remote: 'blog', module: './ArticlePage' },
  { path: '/search-article', remote: 'blog', module: './SearchPage' },
  { path: '/signup', remote: 'auth', module: './SignUpPage' },
  { path: '/signin', remote: 'auth', module: './SignInPage' },
  { path: '/login-google', remote: 'auth', module: './LoginGooglePage' },
  { path: '/logout', remote: 'auth', module: './LogoutPage' },
  { path: '/welcome', remote: 'auth', module: './WelcomePage' },
  { path: '/user-dashboard', remote: 'auth', module: './UserDashboardPage' },
  { path: '/admin-dashboard', remote: 'auth', module: './AdminDashboardPage' },
  { path: '/store', remote: 'shop', module: './StorePage' },
  { path: '/ebook', remote: 'shop', module: './EbookPage' },
];

/** Routes the spec navigates to that only redirect. */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/login', to: '/signin' },
];
