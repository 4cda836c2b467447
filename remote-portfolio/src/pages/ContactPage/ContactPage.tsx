import { Suspense } from 'react';
import { metaDescription } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { loaderRequestOptions, usePageData } from '@portfolio/shared/page-data';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { loadSettings } from '../../features/settings/site-settings';
import type { SettingsState } from '../../features/settings/site-settings';
import { Island } from '@portfolio/shared/island';
import { ContactPageForm } from '../../features/contact/ContactForms';
import {
  CONTACT_DIRECT_EMAIL,
  CONTACT_DOCUMENT_TITLE,
  CONTACT_PAGE_INTRO,
  CONTACT_PAGE_TITLE,
} from '../../texts';
import styles from './ContactPage.module.css';

/** The owner's settings (docs/decisions/141): their address, under the form. */
export function loader(args: LoaderFunctionArgs): Promise<SettingsState> {
  return loadSettings(loaderRequestOptions(args));
}

export const head: PageHead<typeof loader> = () => ({
  title: CONTACT_DOCUMENT_TITLE,
  description: metaDescription(CONTACT_PAGE_INTRO),
});

export default function ContactPage() {
  return (
    <div className={styles.page}>
      <h1 id="contact-title" className={styles.heading}>
        {CONTACT_PAGE_TITLE}
      </h1>
      <p className={styles.intro}>{CONTACT_PAGE_INTRO}</p>
      {/* Above the fold, and only typed into: woken by the first focus or press, so the page
          costs no script before then (what was typed is kept, docs/decisions/148). */}
      <Island
        owner="portfolio"
        name="ContactPageForm"
        when="interaction"
        component={ContactPageForm}
        props={{ labelledBy: 'contact-title' }}
      />
      <Suspense fallback={null}>
        <DirectEmail />
      </Suspense>
    </div>
  );
}

/** The owner's address from the page's settings (none without them: the form is enough). */
function DirectEmail() {
  const state = usePageData<SettingsState | null | undefined>();
  if (!state) return null;
  const { email } = state.settings.owner;
  return (
    <p className={styles.direct}>
      {CONTACT_DIRECT_EMAIL} <a href={`mailto:${email}`}>{email}</a>.
    </p>
  );
}
