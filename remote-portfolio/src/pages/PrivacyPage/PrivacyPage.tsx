// /privacy: the site's privacy statement (docs/decisions/182), linked from every page's footer.
// It says what the site counts of its readers and what it never does, as the site is set up: with
// ANALYTICS=off (the runtime config's `analytics`) it says that nothing is counted.
import { RAW_VIEWS_KEPT_DAYS } from '@portfolio/contract';
import { getRuntimeConfig } from '@portfolio/shared/config';
import type { PageHead } from '@portfolio/shared/head';
import {
  PRIVACY_CHOICE,
  PRIVACY_CHOICE_HEADING,
  PRIVACY_COUNTED,
  PRIVACY_COUNTED_HEADING,
  PRIVACY_DESCRIPTION,
  PRIVACY_INTRO_COUNTING,
  PRIVACY_INTRO_NOT_COUNTING,
  PRIVACY_NOT_COUNTED,
  PRIVACY_NOT_COUNTED_HEADING,
  PRIVACY_NOT_COUNTING_DETAIL,
  PRIVACY_OTHER,
  PRIVACY_OTHER_HEADING,
  PRIVACY_PATH,
  PRIVACY_TITLE,
  privacyKept,
} from '../../privacy-texts';
import styles from './PrivacyPage.module.css';

export const head: PageHead = () => ({
  title: PRIVACY_TITLE,
  description: PRIVACY_DESCRIPTION,
  path: PRIVACY_PATH,
});

export default function PrivacyPage() {
  const counting = getRuntimeConfig().analytics !== false;
  return (
    <article className={styles.page}>
      <h1 className={styles.heading}>{PRIVACY_TITLE}</h1>
      <p className={styles.lead}>
        {counting ? PRIVACY_INTRO_COUNTING : PRIVACY_INTRO_NOT_COUNTING}
      </p>
      {counting ? (
        <section aria-labelledby="privacy-counted">
          <h2 id="privacy-counted">{PRIVACY_COUNTED_HEADING}</h2>
          <ul>
            {PRIVACY_COUNTED.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
          <p>{privacyKept(RAW_VIEWS_KEPT_DAYS)}</p>
        </section>
      ) : (
        <p>{PRIVACY_NOT_COUNTING_DETAIL}</p>
      )}
      <section aria-labelledby="privacy-not-counted">
        <h2 id="privacy-not-counted">{PRIVACY_NOT_COUNTED_HEADING}</h2>
        <ul>
          {PRIVACY_NOT_COUNTED.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </section>
      {counting && (
        <section aria-labelledby="privacy-choice">
          <h2 id="privacy-choice">{PRIVACY_CHOICE_HEADING}</h2>
          <p>{PRIVACY_CHOICE}</p>
        </section>
      )}
      <section aria-labelledby="privacy-other">
        <h2 id="privacy-other">{PRIVACY_OTHER_HEADING}</h2>
        <ul>
          {PRIVACY_OTHER.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}
