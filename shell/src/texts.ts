// Texts owned by the shell (docs/product.md#navigation-bar-and-footer), imported by components and
// tests.
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/store', label: 'Store' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
  { to: '/about', label: 'About' },
  { to: '/ebook', label: 'E-books' },
] as const;

export const SIGN_IN_LABEL = 'Sign In';
export const SIGN_UP_LABEL = 'Sign Up';
export const LOGOUT_LABEL = 'Logout';
/** An admin's way in (issue "the owner runs the site from the dashboard"): beside Logout. */
export const ADMIN_DASHBOARD_NAV_LABEL = 'Dashboard';
export const ADMIN_DASHBOARD_ROUTE = '/admin-dashboard';
export const SEARCH_TOGGLE_LABEL = 'Search';
/** The navbar's theme toggle, by the theme it switches to (docs/decisions/171). */
export const THEME_TO_LIGHT_LABEL = 'Switch to the light theme';
export const THEME_TO_DARK_LABEL = 'Switch to the dark theme';
export const SEARCH_SUBMIT_LABEL = 'Go';
export const SEARCH_INPUT_LABEL = 'Search articles';
export const SEARCH_PLACEHOLDER = 'Search articles...';
export const SEARCH_ROUTE = '/search-article';
/** The navbar takes its scrolled style after 50 px. */
export const NAVBAR_SCROLL_THRESHOLD = 50;

export const FOOTER_QUICK_LINKS_HEADING = 'Quick Links';
export const FOOTER_SOCIAL_HEADING = 'Follow';
export const FOOTER_CONTACT_HEADING = 'Contact';
/** The site's privacy statement (the portfolio's page, docs/decisions/182), on every page. */
export const FOOTER_PRIVACY_LINK = { to: '/privacy', label: 'Privacy' } as const;

export const NOT_FOUND_TITLE = 'Page not found';
export const NOT_FOUND_TEXT = 'The page you are looking for does not exist or has moved.';
export const REMOTE_UNAVAILABLE_TITLE = 'This section is temporarily unavailable';
export const REMOTE_UNAVAILABLE_TEXT =
  'The rest of the site still works. We will try again automatically, or you can retry now.';
export const RETRY_LABEL = 'Retry';
export const BOOT_ERROR_TEXT = 'The site could not load its configuration. Please reload the page.';
