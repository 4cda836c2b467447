// Every page's footer leads to the site's privacy statement (docs/decisions/182).
import { screen, within } from '@testing-library/react';
import { renderAt } from '@portfolio/testing';
import { FOOTER_PRIVACY_LINK } from '../../texts';
import { Footer } from './Footer';

it('links the privacy statement', () => {
  renderAt(<Footer owner={{ name: 'Alex Morgan', email: 'alex@example.com', social: [] }} />);
  const footer = screen.getByRole('contentinfo');
  expect(within(footer).getByRole('link', { name: FOOTER_PRIVACY_LINK.label })).toHaveAttribute(
    'href',
    '/privacy',
  );
});
