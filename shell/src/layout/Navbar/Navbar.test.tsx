import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AuthContextValue } from '@portfolio/shared/auth';
import {
  ADMIN_DASHBOARD_NAV_LABEL,
  ADMIN_DASHBOARD_ROUTE,
  LOGOUT_LABEL,
  NAVBAR_SCROLL_THRESHOLD,
  NAV_LINKS,
  SEARCH_INPUT_LABEL,
  SEARCH_TOGGLE_LABEL,
  SIGN_IN_LABEL,
  SIGN_UP_LABEL,
} from '../../texts';
import { Navbar } from './Navbar';

const auth: AuthContextValue = {
  user: null,
  role: null,
  loading: false,
  signOut: jest.fn(async () => undefined),
  getIdToken: jest.fn(async () => null),
};

jest.mock('@portfolio/shared/auth', () => ({ useAuth: () => auth }));

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderNavbar(route = '/blog', brand = 'Test Owner') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[route]}>
      <Navbar brand={brand} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  auth.user = null;
  auth.role = null;
  jest.clearAllMocks();
});

describe('Navbar', () => {
  it("shows the owner's name isolated, without bidi controls (docs/decisions/164)", () => {
    renderNavbar('/blog', 'Test\u202eOwner\u2069\u2067');
    const brand = screen.getByRole('link', { name: 'TestOwner' });
    expect(brand.querySelector('bdi')?.textContent).toBe('TestOwner');
    expect(brand.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('links every page of the navigation bar, in order', () => {
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = Array.from(nav.querySelectorAll('ul a')).map((link) => link.textContent);
    expect(labels).toEqual(NAV_LINKS.map((link) => link.label));
    expect(NAV_LINKS.map((link) => link.label)).toEqual([
      'Home',
      'Portfolio',
      'Store',
      'Blog',
      'Contact',
      'About',
      'E-books',
    ]);
  });

  it('shows Sign In and Sign Up when signed out', () => {
    renderNavbar();
    expect(screen.getByRole('link', { name: SIGN_IN_LABEL })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: SIGN_UP_LABEL })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: LOGOUT_LABEL })).not.toBeInTheDocument();
  });

  it('shows Logout when signed in; it signs out and goes to /', async () => {
    auth.user = { uid: 'u1', email: 'a@b.c', displayName: 'A', photoURL: null };
    const user = renderNavbar('/blog');
    expect(screen.queryByRole('link', { name: SIGN_IN_LABEL })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: LOGOUT_LABEL }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    // The navigation follows the awaited sign-out: not necessarily within the click.
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('offers an admin the dashboard beside Logout, and no one else', async () => {
    auth.user = { uid: 'u1', email: 'a@b.c', displayName: 'A', photoURL: null };
    auth.role = 'user';
    renderNavbar('/blog');
    expect(screen.queryByRole('link', { name: ADMIN_DASHBOARD_NAV_LABEL })).toBeNull();
    cleanup();

    auth.role = 'admin';
    const user = renderNavbar('/blog');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const dashboard = within(nav).getByRole('link', { name: ADMIN_DASHBOARD_NAV_LABEL });
    expect(dashboard).toHaveAttribute('href', ADMIN_DASHBOARD_ROUTE);
    // The spec's links stay as they were, and Logout stays last.
    const labels = Array.from(nav.querySelectorAll('ul a')).map((link) => link.textContent);
    expect(labels).toEqual(NAV_LINKS.map((link) => link.label));
    const logout = within(nav).getByRole('button', { name: LOGOUT_LABEL });
    expect(
      dashboard.compareDocumentPosition(logout) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(dashboard);
    expect(location()).toBe(ADMIN_DASHBOARD_ROUTE);
  });

  it('toggles the search box with the search icon', async () => {
    const user = renderNavbar();
    expect(screen.queryByLabelText(SEARCH_INPUT_LABEL)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SEARCH_TOGGLE_LABEL, expanded: false }));
    expect(screen.getByLabelText(SEARCH_INPUT_LABEL)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: SEARCH_TOGGLE_LABEL }));
    expect(screen.queryByLabelText(SEARCH_INPUT_LABEL)).not.toBeInTheDocument();
  });

  it('goes to the search route with the text as query', async () => {
    const user = renderNavbar();
    await user.click(screen.getByRole('button', { name: SEARCH_TOGGLE_LABEL }));
    await user.type(screen.getByLabelText(SEARCH_INPUT_LABEL), '  zero trust & mfa {Enter}');
    expect(location()).toBe('/search-article?query=zero+trust+%26+mfa');
  });

  it('does nothing for empty or whitespace-only text', async () => {
    const user = renderNavbar('/blog');
    await user.click(screen.getByRole('button', { name: SEARCH_TOGGLE_LABEL }));
    await user.type(screen.getByLabelText(SEARCH_INPUT_LABEL), '{Enter}');
    expect(location()).toBe('/blog');
    await user.type(screen.getByLabelText(SEARCH_INPUT_LABEL), '    {Enter}');
    expect(location()).toBe('/blog');
  });

  it('takes its scrolled style after 50 px of scrolling', () => {
    renderNavbar();
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = NAVBAR_SCROLL_THRESHOLD;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = NAVBAR_SCROLL_THRESHOLD + 1;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  // On a page of islands the navbar goes live on a first touch; until then the page's inline
  // loader keeps the header's data-scrolled as the visitor scrolls (docs/decisions/148).
  it('goes live on a header the page already marked scrolled, with no hydration mismatch', async () => {
    const navbar = (
      <MemoryRouter initialEntries={['/blog']}>
        <Navbar brand="Test Owner" />
      </MemoryRouter>
    );
    act(() => {
      window.scrollY = 0;
    });
    const container = document.createElement('div');
    container.innerHTML = renderToString(navbar);
    document.body.append(container);
    const header = container.querySelector('header') as HTMLElement;
    expect(header).toHaveAttribute('data-scrolled', 'false');
    window.scrollY = NAVBAR_SCROLL_THRESHOLD + 70;
    header.dataset.scrolled = 'true';

    const errors: unknown[][] = [];
    const logged = jest
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => errors.push(args));
    const recoverable: unknown[] = [];
    let root: Root | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, navbar, {
          onRecoverableError: (error) => recoverable.push(error),
        });
      });
      expect(errors).toEqual([]);
      expect(recoverable).toEqual([]);
      expect(header).toHaveAttribute('data-scrolled', 'true');
      // From then on the navbar follows the scroll itself.
      act(() => {
        window.scrollY = 0;
        fireEvent.scroll(window);
      });
      expect(header).toHaveAttribute('data-scrolled', 'false');
    } finally {
      logged.mockRestore();
      act(() => root?.unmount());
      container.remove();
    }
  });

  it('opens the phone menu and closes it on navigation', async () => {
    const user = renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Store' }));
    expect(location()).toBe('/store');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a close icon on the phone menu button while the menu is open', async () => {
    const user = renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const icon = () => toggle.querySelector('[data-icon]');
    expect(icon()).toHaveAttribute('data-icon', 'menu');
    await user.click(toggle);
    expect(icon()).toHaveAttribute('data-icon', 'close');
    await user.click(toggle);
    expect(icon()).toHaveAttribute('data-icon', 'menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
