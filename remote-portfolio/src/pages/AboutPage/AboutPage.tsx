import { Suspense } from 'react';
import { Link } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { breadcrumbJsonLd, metaDescription } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { loaderRequestOptions, usePageData } from '@portfolio/shared/page-data';
import { Spinner } from '@portfolio/shared/ui';
import { loadSettings } from '../../features/settings/site-settings';
import type { SettingsState } from '../../features/settings/site-settings';
import {
  ABOUT_DOCUMENT_TITLE,
  ABOUT_HEADING,
  ABOUT_LOADING,
  ABOUT_PORTFOLIO_LINK,
  FUN_FACTS_HEADING,
  ABOUT_PATH,
  PORTFOLIO_PATH,
} from '../../texts';
import styles from './AboutPage.module.css';

/**
 * The owner's settings (GET /settings, docs/decisions/141); the seed's when the API fails or
 * answers nonsense (the client checks the answer against the API's contract, docs/decisions/052),
 * and then the page loads them again by itself.
 */
export function loader(args: LoaderFunctionArgs): Promise<SettingsState> {
  return loadSettings(loaderRequestOptions(args));
}

export const head: PageHead<typeof loader> = ({ data, site }) => ({
  title: ABOUT_DOCUMENT_TITLE,
  description: metaDescription(data?.settings.about.intro[0]),
  jsonLd: [
    breadcrumbJsonLd(site, [
      { name: site.siteName, path: '/' },
      { name: ABOUT_DOCUMENT_TITLE, path: ABOUT_PATH },
    ]),
  ],
});

export default function AboutPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{ABOUT_HEADING}</h1>
      <Suspense fallback={<Spinner label={ABOUT_LOADING} />}>
        <AboutContent />
      </Suspense>
      <p className={styles.next}>
        <Link className={styles.portfolioLink} to={PORTFOLIO_PATH}>
          {ABOUT_PORTFOLIO_LINK}
        </Link>
      </p>
    </div>
  );
}

function AboutContent() {
  const { owner, about } = usePageData<SettingsState>().settings;
  return (
    <>
      <p className={styles.who}>
        <span className={styles.name}>{owner.name}</span>
        <span className={styles.title}>{owner.jobTitle}</span>
      </p>
      <div className={styles.intro}>
        {about.intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {about.funFacts.length > 0 && (
        <section className={styles.section} aria-labelledby="about-fun-facts">
          <h2 id="about-fun-facts">{FUN_FACTS_HEADING}</h2>
          <dl className={styles.facts}>
            {about.funFacts.map((fact) => (
              <div key={fact.label} className={styles.fact}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}
