// The emulator-only Google account chooser (docs/decisions/124): what the Google button opens
// when the site runs on the Firebase Auth emulator, in place of Google's popup, which needs
// Google's own script and so cannot work offline. Loaded on demand, only in that case.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ProfileInputSchema } from '@portfolio/contract';
import type { GoogleTestIdentity } from '@portfolio/shared/auth-actions';
import { Button, Modal } from '@portfolio/shared/ui';
import { EMAIL_LABEL } from '../../texts';
import {
  GOOGLE_CHOOSER_ACCOUNTS_LABEL,
  GOOGLE_CHOOSER_ANOTHER,
  GOOGLE_CHOOSER_BACK,
  GOOGLE_CHOOSER_CANCEL,
  GOOGLE_CHOOSER_CONTINUE,
  GOOGLE_CHOOSER_NAME_LABEL,
  GOOGLE_CHOOSER_NOTICE,
  GOOGLE_CHOOSER_PHOTO_HINT,
  GOOGLE_CHOOSER_PHOTO_LABEL,
  GOOGLE_CHOOSER_TITLE,
} from './chooser-texts';
import { listedIdentities, rememberIdentity } from './test-identities';
import styles from './GoogleAccountChooser.module.css';

export interface GoogleAccountChooserProps {
  onChoose(identity: GoogleTestIdentity): void;
  /** The visitor closed the chooser (its Cancel button, Escape or a click beside it). */
  onCancel(): void;
}

export function GoogleAccountChooser({ onChoose, onCancel }: GoogleAccountChooserProps) {
  const [identities] = useState(listedIdentities);
  const [adding, setAdding] = useState(false);
  const choose = (identity: GoogleTestIdentity) => {
    rememberIdentity(identity);
    onChoose(identity);
  };

  return (
    <Modal label={GOOGLE_CHOOSER_TITLE} onClose={onCancel} closeLabel={GOOGLE_CHOOSER_CANCEL}>
      <div className={styles.chooser}>
        <h2 className={styles.title}>{GOOGLE_CHOOSER_TITLE}</h2>
        <p className={styles.notice}>{GOOGLE_CHOOSER_NOTICE}</p>
        {adding ? (
          <AnotherAccountForm onSubmit={choose} onBack={() => setAdding(false)} />
        ) : (
          <>
            <ul className={styles.accounts} aria-label={GOOGLE_CHOOSER_ACCOUNTS_LABEL}>
              {identities.map((identity) => (
                <li key={identity.email}>
                  <button type="button" className={styles.account} onClick={() => choose(identity)}>
                    {/* Initials, not photos: a photo's host may be unreachable or not allowed. */}
                    <span className={styles.avatar} aria-hidden="true">
                      {identity.name.trim().charAt(0).toUpperCase() || '?'}
                    </span>
                    <span className={styles.who}>
                      <span className={styles.name}>{identity.name}</span>
                      <span className={styles.email}>{identity.email}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <Button variant="secondary" onClick={() => setAdding(true)}>
              {GOOGLE_CHOOSER_ANOTHER}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}

const NAME_MAX_LENGTH = ProfileInputSchema.properties.name.maxLength;
const EMAIL_MAX_LENGTH = ProfileInputSchema.properties.email.maxLength;
const PHOTO_MAX_LENGTH = ProfileInputSchema.properties.photoURL.maxLength;

/** Name, e-mail and an optional photo: the claims a Google ID token carries for the profile. */
function AnotherAccountForm({
  onSubmit,
  onBack,
}: {
  onSubmit(identity: GoogleTestIdentity): void;
  onBack(): void;
}) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (key: string) => String(data.get(key) ?? '').trim();
    const [name, email, photoURL] = [field('name'), field('email'), field('photoURL')];
    // The browser's own checks (required, type) stop these first; whitespace gets here.
    if (!name || !email) return;
    onSubmit({ name, email, ...(photoURL ? { photoURL } : {}) });
  };

  return (
    <form
      method="post"
      className={styles.form}
      onSubmit={submit}
      aria-label={GOOGLE_CHOOSER_ANOTHER}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>{GOOGLE_CHOOSER_NAME_LABEL}</label>
        <input
          ref={nameRef}
          id={`${id}-name`}
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>{EMAIL_LABEL}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-photo`}>{GOOGLE_CHOOSER_PHOTO_LABEL}</label>
        <input
          id={`${id}-photo`}
          name="photoURL"
          type="url"
          // The profile keeps http(s) addresses only.
          pattern="https?://.+"
          maxLength={PHOTO_MAX_LENGTH}
          aria-describedby={`${id}-photo-hint`}
        />
        <p id={`${id}-photo-hint`} className={styles.hint}>
          {GOOGLE_CHOOSER_PHOTO_HINT}
        </p>
      </div>
      <div className={styles.actions}>
        <Button type="submit">{GOOGLE_CHOOSER_CONTINUE}</Button>
        <Button variant="secondary" onClick={onBack}>
          {GOOGLE_CHOOSER_BACK}
        </Button>
      </div>
    </form>
  );
}
