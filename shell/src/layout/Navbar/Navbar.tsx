import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@portfolio/shared/router';
import { SITE_CONTROLS } from '@portfolio/shared/island-protocol';
import { withoutBidiControls } from '@portfolio/contract';
import { useAuth } from '@portfolio/shared/auth';
import { prefetchRoute } from '../../federation/prefetch';
import {
  ADMIN_DASHBOARD_NAV_LABEL,
  ADMIN_DASHBOARD_ROUTE,
  LOGOUT_LABEL,
  NAVBAR_SCROLL_THRESHOLD,
  NAV_LINKS,
  SEARCH_INPUT_LABEL,
  SEARCH_PLACEHOLDER,
  SEARCH_SUBMIT_LABEL,
  SEARCH_ROUTE,
  SEARCH_TOGGLE_LABEL,
  SIGN_IN_LABEL,
  SIGN_UP_LABEL,
  THEME_TO_DARK_LABEL,
  THEME_TO_LIGHT_LABEL,
} from '../../texts';
import styles from './Navbar.module.css';

/**
 * Whether the window is scrolled past `threshold`. On a page of islands, until the navbar's island
 * is live, the page's inline loader keeps the header's data-scrolled as the visitor scrolls
 * (docs/decisions/148); the island's first render hydrates that header, so it starts from what the
 * header shows, not from the top of the page, or React would find an attribute it did not render.
 * On the server, and where the browser renders the navbar alone, it starts unscrolled. The effect
 * follows the scroll from then on.
 */
function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(
    () =>
      typeof document !== 'undefined' &&
      document
        .querySelector(`header[data-scroll-flag="${threshold}"]`)
        ?.getAttribute('data-scrolled') === 'true',
  );
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The theme toggle (docs/decisions/171): the page's inline script runs it, not React, so it
 * answers the first press on a page of islands without waking the navbar's island, and nothing
 * here changes when it is pressed. It shows, and is named by, the theme it switches to: the
 * stylesheet picks that from the root's data-theme or the system's scheme.
 */
function ThemeToggle() {
  return (
    <button
      type="button"
      className={[styles.iconButton, styles.themeToggle].join(' ')}
      {...{ [SITE_CONTROLS.attribute]: SITE_CONTROLS.themeToggle }}
    >
      <ToggleFace className={styles.toLight} label={THEME_TO_LIGHT_LABEL}>
        <circle cx="12" cy="12" r="4.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </ToggleFace>
      <ToggleFace className={styles.toDark} label={THEME_TO_DARK_LABEL}>
        <path
          d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </ToggleFace>
    </button>
  );
}

/** One face of the toggle: the icon of the theme it switches to, and its name. */
function ToggleFace({
  className,
  label,
  children,
}: {
  className: string | undefined;
  label: string;
  children: ReactNode;
}) {
  return (
    <span className={className}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {children}
      </svg>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function Navbar({ brand }: { brand: string }) {
  const { user, role, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const scrolled = useScrolledPast(NAVBAR_SCROLL_THRESHOLD);
  // The menu is open for the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.key;
  const [searchOpen, setSearchOpen] = useState(false);
  const [query, setQuery] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  // Fixed ids, not useId: the navbar is an island of its own on pages of islands, where useId
  // would not give the ids the page was rendered with (docs/decisions/148). One per page.
  const menuId = 'site-menu';
  const searchId = 'site-search';

  useEffect(() => {
    if (searchOpen) searchInput.current?.focus();
  }, [searchOpen]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    // Empty or whitespace-only text does nothing (docs/product.md#navigation-bar-and-footer).
    if (!text) return;
    navigate(`${SEARCH_ROUTE}?${new URLSearchParams({ query: text })}`);
  };

  const onLogout = async () => {
    try {
      await signOut();
    } finally {
      navigate('/');
    }
  };

  return (
    <header
      className={styles.navbar}
      // The scrolled style hangs on data-scrolled, which the page's inline loader keeps too
      // before the navbar's code is loaded (docs/decisions/148).
      data-scrolled={scrolled}
      data-scroll-flag={NAVBAR_SCROLL_THRESHOLD}
    >
      <nav className={styles.inner} aria-label="Main">
        <Link to="/" className={styles.brand}>
          {/* The owner's name, isolated from the navbar's own text (docs/decisions/164). */}
          <bdi>{withoutBidiControls(brand)}</bdi>
        </Link>
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpenOn(menuOpen ? null : location.key)}
        >
          <span className="visually-hidden">Menu</span>
          {/* Three bars while closed, a cross while open (issue 16: the button showed no close state). */}
          <span
            className={[styles.burger, menuOpen ? styles.close : ''].join(' ')}
            data-icon={menuOpen ? 'close' : 'menu'}
            aria-hidden="true"
          />
        </button>
        <div id={menuId} className={[styles.menu, menuOpen ? styles.menuOpen : ''].join(' ')}>
          <ul className={styles.links}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  onMouseEnter={() => prefetchRoute(link.to)}
                  onFocus={() => prefetchRoute(link.to)}
                  className={({ isActive }) =>
                    [styles.link, isActive ? styles.active : ''].join(' ')
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={SEARCH_TOGGLE_LABEL}
              aria-expanded={searchOpen}
              aria-controls={searchId}
              onClick={() => setSearchOpen((open) => !open)}
            >
              <SearchIcon />
            </button>
            {user ? (
              <>
                {/* The admin's way in; the API still checks the role on every call. */}
                {role === 'admin' && (
                  <NavLink
                    to={ADMIN_DASHBOARD_ROUTE}
                    onMouseEnter={() => prefetchRoute(ADMIN_DASHBOARD_ROUTE)}
                    onFocus={() => prefetchRoute(ADMIN_DASHBOARD_ROUTE)}
                    className={({ isActive }) =>
                      [styles.link, isActive ? styles.active : ''].join(' ')
                    }
                  >
                    {ADMIN_DASHBOARD_NAV_LABEL}
                  </NavLink>
                )}
                <button type="button" className={styles.authButton} onClick={() => void onLogout()}>
                  {LOGOUT_LABEL}
                </button>
              </>
            ) : (
              <>
                <NavLink to="/signin" className={styles.link}>
                  {SIGN_IN_LABEL}
                </NavLink>
                <NavLink to="/signup" className={styles.authButton}>
                  {SIGN_UP_LABEL}
                </NavLink>
              </>
            )}
          </div>
        </div>
        <ThemeToggle />
      </nav>
      {searchOpen && (
        <form id={searchId} role="search" className={styles.search} onSubmit={onSearch}>
          <label htmlFor={`${searchId}-input`} className="visually-hidden">
            {SEARCH_INPUT_LABEL}
          </label>
          <input
            ref={searchInput}
            id={`${searchId}-input`}
            type="search"
            name="query"
            value={query}
            placeholder={SEARCH_PLACEHOLDER}
            onChange={(event) => setQuery(event.target.value)}
            className={styles.searchInput}
          />
          <button type="submit" className={styles.authButton}>
            {SEARCH_SUBMIT_LABEL}
          </button>
        </form>
      )}
    </header>
  );
}
