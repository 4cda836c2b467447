// The Google button's action for the auth pages: the shared signInWithGoogle(), with the
// emulator-only account chooser as its way to pick an identity (docs/decisions/124). The
// chooser's code is loaded only when signInWithGoogle() asks for it, which it does only when the
// runtime config names an Auth emulator; with a real Firebase project it is Google's popup.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { signInWithGoogle } from '@portfolio/shared/auth-actions';
import type { GoogleTestIdentity } from '@portfolio/shared/auth-actions';
import type { UserProfile } from '@portfolio/shared/types';
import type { GoogleAccountChooserProps } from './GoogleAccountChooser';
import { GoogleChooserClosedError } from './chooser-closed';

interface OpenChooser {
  Chooser: ComponentType<GoogleAccountChooserProps>;
  resolve(identity: GoogleTestIdentity): void;
  reject(error: Error): void;
}

export interface GoogleSignIn {
  /** Signs in with Google; resolves to the stored profile (created the first time). */
  signIn(): Promise<UserProfile>;
  /** The account chooser while it is open (render it anywhere in the page), else null. */
  chooser: ReactNode;
}

export function useGoogleSignIn(): GoogleSignIn {
  const [open, setOpen] = useState<OpenChooser | null>(null);

  const chooseIdentity = useCallback(async () => {
    const { GoogleAccountChooser } = await import(
      /* webpackChunkName: "google-account-chooser" */ './GoogleAccountChooser'
    );
    return new Promise<GoogleTestIdentity>((resolve, reject) =>
      setOpen({ Chooser: GoogleAccountChooser, resolve, reject }),
    );
  }, []);

  // After a sign-in that did not go through, focus goes back to the button that started it, once
  // the page has enabled it again (it is disabled while the sign-in runs, so the chooser's own
  // return of focus finds it disabled).
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const target = returnFocusTo.current;
    if (!target || open || target.matches(':disabled')) return;
    returnFocusTo.current = null;
    if (document.activeElement === document.body) target.focus();
  });

  const signIn = useCallback(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return (
      signInWithGoogle(chooseIdentity)
        .catch((error: unknown) => {
          returnFocusTo.current = opener;
          throw error;
        })
        // Closed also when the sign-in failed with the chooser still open (the SDK did not load).
        .finally(() => setOpen(null))
    );
  }, [chooseIdentity]);

  const chooser = open && (
    <open.Chooser
      onChoose={(identity) => {
        setOpen(null);
        open.resolve(identity);
      }}
      onCancel={() => open.reject(new GoogleChooserClosedError())}
    />
  );
  return { signIn, chooser };
}
