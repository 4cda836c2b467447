import { useEffect, useId, useState } from 'react';
import { ProfileInputSchema } from '@portfolio/contract';
import type { FormEvent } from 'react';
import { Link, useNavigate } from '@portfolio/shared/router';
import { useAuth } from '@portfolio/shared/auth';
import type { AuthUser } from '@portfolio/shared/auth';
import { loadMyProfile, updateUsername } from '@portfolio/shared/auth-actions';
import type { UserProfile } from '@portfolio/shared/types';
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import { providerMessage } from '../../features/session/errors';
import { SignedInOnly } from '../../features/session/SignedInOnly';
import {
  MyCommentsSection,
  MyDataSection,
  NewsletterSection,
} from '../../features/member/MemberSections';
import type { PageHead } from '@portfolio/shared/head';
import { PERSONAL_PAGE_HEAD } from '../../features/session/head';
import { sessionGate } from '../../features/session/session-gate';
import {
  ADMIN_DASHBOARD_LINK,
  ADMIN_DASHBOARD_ROUTE,
  BACK_HOME_LABEL,
  EDIT_USERNAME_HEADING,
  EMAIL_LABEL,
  LOGOUT_LABEL,
  PROFILE_HEADING,
  PROFILE_LOADING,
  PROFILE_LOAD_ERROR,
  ROLE_LABEL,
  ROLE_NAMES,
  SAVE_USERNAME_BUSY,
  SAVE_USERNAME_LABEL,
  USERNAME_LABEL,
  USERNAME_SAVED,
  USER_DASHBOARD_TITLE,
} from '../../texts';
import styles from './UserDashboardPage.module.css';

type ProfileState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; profile: UserProfile };

/** On the site's server: a redirect to /signin without a session. */
export const loader = sessionGate({ role: 'user' });

export const head: PageHead = () => ({ ...PERSONAL_PAGE_HEAD, title: USER_DASHBOARD_TITLE });

export default function UserDashboardPage() {
  // Once the account is deleted (the member is signed out): what the site said, and the way home.
  const [farewell, setFarewell] = useState<string | null>(null);
  return (
    <section className={styles.page}>
      <h1>{USER_DASHBOARD_TITLE}</h1>
      {farewell ? (
        <div className={styles.card}>
          <p role="status">{farewell}</p>
          <Link to="/">{BACK_HOME_LABEL}</Link>
        </div>
      ) : (
        // Keyed by uid: another account starts from a fresh load.
        <SignedInOnly>
          {(user) => <Dashboard key={user.uid} user={user} onDeleted={setFarewell} />}
        </SignedInOnly>
      )}
    </section>
  );
}

function Dashboard({ user, onDeleted }: { user: AuthUser; onDeleted(message: string): void }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [logoutError, setLogoutError] = useState<string | null>(null);
  // A photo that does not load (its host offline, or not allowed by the page's policy) gives
  // way to the initial rather than a broken image.
  const [photoFailed, setPhotoFailed] = useState(false);

  useEffect(() => {
    let active = true;
    loadMyProfile()
      .then((profile) => {
        if (active) setState({ status: 'loaded', profile });
      })
      .catch((error: unknown) => {
        if (active) setState({ status: 'error', message: providerMessage(error) });
      });
    return () => {
      active = false;
    };
  }, []);

  const logout = async () => {
    setLogoutError(null);
    try {
      await signOut();
      navigate('/');
    } catch (error) {
      setLogoutError(providerMessage(error));
    }
  };

  if (state.status === 'loading') return <Spinner label={PROFILE_LOADING} />;
  if (state.status === 'error') {
    return (
      <ErrorMessage>
        {PROFILE_LOAD_ERROR} {state.message}
      </ErrorMessage>
    );
  }
  const { profile } = state;
  const username = profile.username ?? profile.name ?? user.displayName ?? '';
  const photo = photoFailed ? null : (profile.photoURL ?? user.photoURL);

  return (
    <div className={styles.layout}>
      <section className={styles.card} aria-labelledby="profile-heading">
        <h2 id="profile-heading">{PROFILE_HEADING}</h2>
        <div className={styles.identity}>
          {photo ? (
            <img
              src={photo}
              alt={username || profile.email}
              width={72}
              height={72}
              className={styles.photo}
              referrerPolicy="no-referrer"
              onError={() => setPhotoFailed(true)}
            />
          ) : (
            <span className={styles.initial} aria-hidden="true">
              {(username || profile.email || '?').charAt(0).toUpperCase()}
            </span>
          )}
          <dl className={styles.facts}>
            <dt>{USERNAME_LABEL}</dt>
            <dd data-testid="profile-username">{username || '—'}</dd>
            <dt>{EMAIL_LABEL}</dt>
            <dd>{profile.email || user.email || '—'}</dd>
            <dt>{ROLE_LABEL}</dt>
            <dd data-testid="profile-role">{ROLE_NAMES[profile.role]}</dd>
          </dl>
        </div>
        {profile.role === 'admin' && <Link to={ADMIN_DASHBOARD_ROUTE}>{ADMIN_DASHBOARD_LINK}</Link>}
      </section>
      <UsernameForm
        initial={username}
        onSaved={(saved) => setState({ status: 'loaded', profile: saved })}
      />
      <NewsletterSection />
      <MyCommentsSection />
      <MyDataSection onDeleted={onDeleted} />
      <div>
        <Button variant="secondary" onClick={() => void logout()}>
          {LOGOUT_LABEL}
        </Button>
        {logoutError && <ErrorMessage>{logoutError}</ErrorMessage>}
      </div>
    </div>
  );
}

function UsernameForm({
  initial,
  onSaved,
}: {
  initial: string;
  onSaved(profile: UserProfile): void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const username = value.trim();
    if (!username || busy) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      onSaved(await updateUsername(username));
      setSaved(true);
    } catch (caught) {
      setError(providerMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{EDIT_USERNAME_HEADING}</h2>
      <form className={styles.form} onSubmit={(event) => void save(event)} aria-busy={busy}>
        <label htmlFor={`${id}-username`}>{USERNAME_LABEL}</label>
        <div className={styles.row}>
          <input
            id={`${id}-username`}
            name="username"
            type="text"
            autoComplete="username"
            required
            maxLength={ProfileInputSchema.properties.username.maxLength}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setSaved(false);
            }}
          />
          <Button type="submit" disabled={busy}>
            {busy ? SAVE_USERNAME_BUSY : SAVE_USERNAME_LABEL}
          </Button>
        </div>
        <p role="status" className={styles.status}>
          {saved ? USERNAME_SAVED : ''}
        </p>
      </form>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </section>
  );
}
