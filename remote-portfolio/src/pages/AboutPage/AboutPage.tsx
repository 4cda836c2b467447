import { useEffect, useState } from 'react';
import { Link } from '@portfolio/shared/router';
import { getAboutData } from '@portfolio/shared/api-client';
import type { AboutData } from '@portfolio/shared/types';
import { Spinner } from '@portfolio/shared/ui';
import { ABOUT } from '../../content/owner';
import { isAboutData } from '../../features/about/isAboutData';
import {
  ABOUT_DOCUMENT_TITLE,
  ABOUT_HEADING,
  ABOUT_LOADING,
  ABOUT_PORTFOLIO_LINK,
  FUN_FACTS_HEADING,
  PORTFOLIO_PATH,
} from '../../texts';
import styles from './AboutPage.module.css';

/** GET /about-data; the built-in text of content/owner.ts when it fails or answers nonsense. */
function useAboutData(): AboutData | null {
  const [about, setAbout] = useState<AboutData | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getAboutData({ signal: controller.signal }).then(
      (data: unknown) => {
        if (!controller.signal.aborted) setAbout(isAboutData(data) ? data : ABOUT);
      },
      () => {
        if (!controller.signal.aborted) setAbout(ABOUT);
      },
    );
    return () => controller.abort();
  }, []);
  return about;
}

export default function AboutPage() {
  const about = useAboutData();

  useEffect(() => {
    document.title = ABOUT_DOCUMENT_TITLE;
  }, []);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{ABOUT_HEADING}</h1>
      {about === null ? (
        <Spinner label={ABOUT_LOADING} />
      ) : (
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
      )}
      <p className={styles.next}>
        <Link className={styles.portfolioLink} to={PORTFOLIO_PATH}>
          {ABOUT_PORTFOLIO_LINK}
        </Link>
      </p>
    </div>
  );
}
