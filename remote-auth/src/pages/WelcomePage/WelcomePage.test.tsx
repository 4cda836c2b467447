import { screen } from '@testing-library/react';
import { setUpTestRuntimeConfig, renderPage } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import {
  ADMIN_DASHBOARD_LINK,
  SIGN_IN_TITLE,
  WELCOME_BLOG_LINK,
  WELCOME_EBOOK_LINK,
  WELCOME_SIGNED_OUT_TEXT,
} from '../../texts';
import WelcomePage from './WelcomePage';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
});

describe('WelcomePage', () => {
  it('greets the signed-in user by name and links to /blog and /ebook', async () => {
    setCurrentUser(makeUser({ displayName: 'Ada' }));
    renderPage(<WelcomePage />, { route: '/welcome', auth: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: WELCOME_BLOG_LINK })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('link', { name: WELCOME_EBOOK_LINK })).toHaveAttribute(
      'href',
      '/ebook',
    );
    expect(document.title).toBe('Welcome, Ada!');
    expect(screen.queryByRole('link', { name: ADMIN_DASHBOARD_LINK })).not.toBeInTheDocument();
  });

  it('leads an admin to the dashboard: no other link goes there', async () => {
    setCurrentUser(makeUser({ displayName: 'Owner', role: 'admin' }));
    renderPage(<WelcomePage />, { route: '/welcome', auth: true });
    expect(await screen.findByRole('link', { name: ADMIN_DASHBOARD_LINK })).toHaveAttribute(
      'href',
      '/admin-dashboard',
    );
  });

  it('falls back to the e-mail address when there is no display name', async () => {
    setCurrentUser(makeUser({ displayName: null, email: 'ada@example.test' }));
    renderPage(<WelcomePage />, { route: '/welcome', auth: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, ada@example.test!' }),
    ).toBeInTheDocument();
  });

  it('greets a signed-out visitor and offers to sign in', async () => {
    renderPage(<WelcomePage />, { route: '/welcome', auth: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeInTheDocument();
    expect(await screen.findByText(WELCOME_SIGNED_OUT_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SIGN_IN_TITLE })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: WELCOME_BLOG_LINK })).toBeInTheDocument();
  });
});
