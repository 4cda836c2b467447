import { screen } from '@testing-library/react';
import { RAW_VIEWS_KEPT_DAYS } from '@portfolio/contract';
import { TEST_RUNTIME_CONFIG, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { setRuntimeConfig } from '@portfolio/shared/config';
import {
  PRIVACY_CHOICE,
  PRIVACY_COUNTED,
  PRIVACY_COUNTED_HEADING,
  PRIVACY_INTRO_COUNTING,
  PRIVACY_INTRO_NOT_COUNTING,
  PRIVACY_NOT_COUNTED,
  PRIVACY_TITLE,
  privacyKept,
} from '../../privacy-texts';
import PrivacyPage from './PrivacyPage';

setUpTestRuntimeConfig();

describe('PrivacyPage', () => {
  it('says what the site counts, for how long, what it never does and how to be left out', async () => {
    renderPage(<PrivacyPage />, { route: '/privacy' });
    expect(
      await screen.findByRole('heading', { level: 1, name: PRIVACY_TITLE }),
    ).toBeInTheDocument();
    expect(screen.getByText(PRIVACY_INTRO_COUNTING)).toBeInTheDocument();
    for (const text of [...PRIVACY_COUNTED, ...PRIVACY_NOT_COUNTED, PRIVACY_CHOICE]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText(privacyKept(RAW_VIEWS_KEPT_DAYS))).toBeInTheDocument();
  });

  it('says nothing is counted when the site counts nothing (ANALYTICS=off)', async () => {
    setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, analytics: false });
    renderPage(<PrivacyPage />, { route: '/privacy' });
    expect(await screen.findByText(PRIVACY_INTRO_NOT_COUNTING)).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: PRIVACY_COUNTED_HEADING }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(PRIVACY_CHOICE)).not.toBeInTheDocument();
  });
});
