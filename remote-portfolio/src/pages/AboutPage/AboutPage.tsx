import { Suspense } from 'react';
import { Link } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { breadcrumbJsonLd, metaDescription } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { loaderRequestOptions, usePageData } from '@portfolio/shared/page-data';
import { getAboutData } from '@portfolio/shared/api-client';
import type { AboutData } from '@portfolio/shared/types';
import { Spinner } from '@portfolio/shared/ui';
import { ABOUT } from '../../content/owner';
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
 * GET /about-data; the built-in text of content/owner.ts when it fails or answers nonsense (the
 * client checks the answer against the API's contract, docs/decisions/052).
 */
export async function loader(args: LoaderFunctionArgs): Promise<AboutData> {
  try {
    return await getAboutData(loaderRequestOptions(args));
  } catch {
    return ABOUT;
  }
}

export const head: PageHead<typeof loader> = ({ data, site }) => ({
  title: ABOUT_DOCUMENT_TITLE,
  description: metaDescription((data ?? ABOUT).intro[0]),
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
  const about = usePageData<AboutData>();
  return (
    <>
      <p className={styles.who}>
        <span className={styles.name}>{about.name}</span>
        <span className={styles.title}>{about.title}</span>
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
