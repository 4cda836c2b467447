import { useState } from 'react';
import type { ImageDisplay } from '@portfolio/contract';
import type { CertificationSettings } from '@portfolio/shared/types';
import { Modal, ResponsiveImage } from '@portfolio/shared/ui';
import type { ImageLoading } from '@portfolio/shared/ui';
import plainBadge from '../../assets/cert-badge.svg?picture';
import { monthAndYear } from './month-and-year';
import {
  CERTIFICATE_CLOSE_LABEL,
  NEW_TAB_HINT,
  VERIFY_CREDENTIAL_LABEL,
  certificateIssued,
  certificateOpenLabel,
} from '../../texts';
import styles from './CertificateGallery.module.css';

/** A badge is drawn square, 240 pixels wide, when the API sent no size. */
const BADGE_SIZE = { width: 240, height: 240 };
/** A badge in the gallery (CertificateGallery.module.css: 8rem), and opened in its dialog. */
const THUMBNAIL: ImageDisplay = { sizes: '8rem', widest: 128 };
const OPENED: ImageDisplay = { sizes: 'min(24rem, 75vw)', widest: 384 };

/**
 * A certification's badge: its stored image at the size the layout shows it (the API's variants,
 * docs/decisions/172, so no SVG is drawn on the page's main thread), or a plain one.
 */
function Badge({
  certificate,
  className,
  display,
  alt,
  loading,
}: {
  certificate: CertificationSettings;
  className: string | undefined;
  display: ImageDisplay;
  alt: string;
  loading: ImageLoading;
}) {
  if (!certificate.image) {
    const { src, srcSet, width, height } = plainBadge;
    const lazy = loading === 'lazy' ? 'lazy' : 'eager';
    return (
      <img
        className={className}
        sizes={display.sizes}
        {...{ src, srcSet, width, height }}
        alt={alt}
        loading={lazy}
        decoding="async"
      />
    );
  }
  return (
    <ResponsiveImage
      className={className}
      display={display}
      alt={alt}
      imagePath={certificate.image}
      image={certificate.badge}
      loading={loading}
      fallbackSize={BADGE_SIZE}
    />
  );
}

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
              <Badge
                certificate={certificate}
                className={styles.thumbnail}
                display={THUMBNAIL}
                alt=""
                loading="lazy"
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
            <Badge
              certificate={open}
              className={styles.full}
              display={OPENED}
              alt={`Certificate: ${open.title}`}
              loading="eager"
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
