import { withoutBidiControls } from '@portfolio/contract';
import { Island } from '@portfolio/shared/island';
import { NewsletterForm } from '@portfolio/shared/newsletter-form';
import { Link } from '@portfolio/shared/router';
import type { OwnerIdentity } from '@portfolio/shared/config';
import {
  FOOTER_CONTACT_HEADING,
  FOOTER_PRIVACY_LINK,
  FOOTER_QUICK_LINKS_HEADING,
  FOOTER_SOCIAL_HEADING,
  NAV_LINKS,
} from '../../texts';
import styles from './Footer.module.css';

export function Footer({ owner }: { owner: OwnerIdentity }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={styles.heading}>
            {FOOTER_QUICK_LINKS_HEADING}
          </h2>
          <ul className={styles.list}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className={styles.heading}>
            {FOOTER_SOCIAL_HEADING}
          </h2>
          <ul className={styles.list}>
            {owner.social.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            {FOOTER_CONTACT_HEADING}
          </h2>
          {owner.email && <a href={`mailto:${owner.email}`}>{owner.email}</a>}
        </section>
      </div>
      {/* An island: woken by the first touch of its field or button (docs/decisions/148, 206). */}
      <div className={styles.newsletter}>
        <Island
          owner="shell"
          name="NewsletterForm"
          when="interaction"
          component={NewsletterForm}
          props={{ idPrefix: 'footer-newsletter' }}
        />
      </div>
      {/* The owner's name, isolated from the footer's own text (docs/decisions/164). */}
      <p className={styles.copyright}>
        © {new Date().getFullYear()} <bdi>{withoutBidiControls(owner.name)}</bdi>
      </p>

      <p className={styles.privacy}>
        <Link to={FOOTER_PRIVACY_LINK.to}>{FOOTER_PRIVACY_LINK.label}</Link>
      </p>
    </footer>
  );
}
