import { useState } from 'react';
import { imageUrl } from '@portfolio/shared/api-client';
import type { CertificationSettings } from '@portfolio/shared/types';
import { Modal } from '@portfolio/shared/ui';
import plainBadge from '../../assets/cert-badge.svg';
import { monthAndYear } from './month-and-year';
import {
  CERTIFICATE_CLOSE_LABEL,
  NEW_TAB_HINT,
  VERIFY_CREDENTIAL_LABEL,
  certificateIssued,
  certificateOpenLabel,
} from '../../texts';
import styles from './CertificateGallery.module.css';

/** The badge a certification shows: its stored image, or a plain one. */
const badgeOf = (certificate: CertificationSettings) =>
  certificate.image ? imageUrl(certificate.image) : plainBadge;

/** Who issued it and when, and where to verify it (the owner's settings, docs/decisions/141). */
function Credential({ certificate }: { certificate: CertificationSettings }) {
  return (
    <>
      <p className={styles.issued}>
        {certificateIssued(certificate.issuer, monthAndYear(certificate.date))}
      </p>
      {certificate.credentialUrl && (
        <a
          className={styles.verify}
          href={certificate.credentialUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {VERIFY_CREDENTIAL_LABEL}
          <span className="visually-hidden">{`: ${certificate.title} ${NEW_TAB_HINT}`}</span>
        </a>
      )}
    </>
  );
}

/**
 * Certification cards, each with its issuer, date and credential link; a card's badge opens in a
 * pop-up that closes by its close button, a click on the backdrop or Escape (the shared Modal
 * also traps and returns focus).
 */
export function CertificateGallery({
  certificates,
}: {
  certificates: readonly CertificationSettings[];
}) {
  const [open, setOpen] = useState<CertificationSettings | null>(null);
  return (
    <>
      <ul className={styles.grid}>
        {certificates.map((certificate, index) => (
          <li key={`${index}-${certificate.title}`} className={styles.item}>
            <button
              type="button"
              className={styles.card}
              aria-haspopup="dialog"
              aria-label={certificateOpenLabel(certificate.title)}
              onClick={() => setOpen(certificate)}
            >
              <img
                className={styles.thumbnail}
                src={badgeOf(certificate)}
                alt=""
                width={240}
                height={240}
                loading="lazy"
                decoding="async"
              />
              <span className={styles.title}>{certificate.title}</span>
            </button>
            <Credential certificate={certificate} />
          </li>
        ))}
      </ul>
      {open && (
        <Modal
          label={open.title}
          onClose={() => setOpen(null)}
          closeLabel={CERTIFICATE_CLOSE_LABEL}
        >
          <figure className={styles.figure}>
            <img
              className={styles.full}
              src={badgeOf(open)}
              alt={`Certificate: ${open.title}`}
              width={240}
              height={240}
            />
            <figcaption className={styles.caption}>
              {open.title}
              <Credential certificate={open} />
            </figcaption>
          </figure>
        </Modal>
      )}
    </>
  );
}
