import { useState } from 'react';
import type { Certificate } from '@portfolio/shared/types';
import { Modal } from '@portfolio/shared/ui';
import { CERTIFICATE_CLOSE_LABEL, certificateOpenLabel } from '../../texts';
import styles from './CertificateGallery.module.css';

/**
 * Certification cards; a card opens its image in a pop-up that closes by its close button, a
 * click on the backdrop or Escape (the shared Modal also traps and returns focus).
 */
export function CertificateGallery({ certificates }: { certificates: readonly Certificate[] }) {
  const [open, setOpen] = useState<Certificate | null>(null);
  return (
    <>
      <ul className={styles.grid}>
        {certificates.map((certificate) => (
          <li key={certificate.id}>
            <button
              type="button"
              className={styles.card}
              aria-haspopup="dialog"
              aria-label={certificateOpenLabel(certificate.title)}
              onClick={() => setOpen(certificate)}
            >
              <img
                className={styles.thumbnail}
                src={certificate.image}
                alt=""
                width={240}
                height={240}
                loading="lazy"
                decoding="async"
              />
              <span className={styles.title}>{certificate.title}</span>
            </button>
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
              src={open.image}
              alt={`Certificate: ${open.title}`}
              width={240}
              height={240}
            />
            <figcaption className={styles.caption}>{open.title}</figcaption>
          </figure>
        </Modal>
      )}
    </>
  );
}
