// The layout names the owner of the page it frames: the site's settings the server rendered the
// page with (docs/decisions/141), handed down by SiteOwnerContext, before the runtime config's.
import { screen, within } from '@testing-library/react';
import { renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { Layout } from '../App';
import { SiteOwnerContext } from './site-owner';

setUpTestRuntimeConfig();

const CONFIG_OWNER = {
  name: 'From The Environment',
  email: 'env@example.com',
  social: [{ label: 'GitHub', url: 'https://github.com/env' }],
};
const SETTINGS_OWNER = {
  name: 'Jordan Rivera',
  email: 'jo@rivera.example',
  social: [{ label: 'Mastodon', url: 'https://social.example/@jo' }],
};

describe('Layout and the owner', () => {
  it("names the settings' owner in the navbar and the footer", async () => {
    renderPage(
      <SiteOwnerContext.Provider value={SETTINGS_OWNER}>
        <Layout owner={CONFIG_OWNER} />
      </SiteOwnerContext.Provider>,
      { auth: true },
    );
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'jo@rivera.example' })).toHaveAttribute(
      'href',
      'mailto:jo@rivera.example',
    );
    expect(within(footer).getByRole('link', { name: 'Mastodon' })).toHaveAttribute(
      'href',
      'https://social.example/@jo',
    );
    expect(footer).toHaveTextContent('Jordan Rivera');
    expect(screen.getByRole('navigation', { name: 'Main' }).parentElement).toHaveTextContent(
      'Jordan Rivera',
    );
    expect(document.body).not.toHaveTextContent('From The Environment');
  });

  it("names the config's owner without settings", async () => {
    renderPage(<Layout owner={CONFIG_OWNER} />, { auth: true });
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('From The Environment');
  });
});
