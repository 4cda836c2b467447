import { metaDescription } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { OWNER } from '../../content/owner';
import { ContactForm } from '../../features/contact/ContactForm';
import { judgeContactPage } from '../../features/contact/outcomes';
import {
  CONTACT_DIRECT_EMAIL,
  CONTACT_DOCUMENT_TITLE,
  CONTACT_PAGE_EXCEPTION,
  CONTACT_PAGE_INTRO,
  CONTACT_PAGE_TITLE,
} from '../../texts';
import styles from './ContactPage.module.css';

export const head: PageHead = () => ({
  title: CONTACT_DOCUMENT_TITLE,
  description: metaDescription(CONTACT_PAGE_INTRO),
});

export default function ContactPage() {
  const email = OWNER.contact.find((link) => link.href.startsWith('mailto:'));

  return (
    <div className={styles.page}>
      <h1 id="contact-title" className={styles.heading}>
        {CONTACT_PAGE_TITLE}
      </h1>
      <p className={styles.intro}>{CONTACT_PAGE_INTRO}</p>
      <ContactForm
        judge={judgeContactPage}
        exceptionText={CONTACT_PAGE_EXCEPTION}
        labelledBy="contact-title"
      />
      {email && (
        <p className={styles.direct}>
          {CONTACT_DIRECT_EMAIL} <a href={email.href}>{email.label}</a>.
        </p>
      )}
    </div>
  );
}
