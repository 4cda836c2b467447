// Built into every app's test build only (remotes expose it as ./Diagnostics, docs/decisions/071).
// Each build resolves these imports through its own federation share scope, so comparing the
// results from the shell and from a remote proves there is ONE React, router, Firebase app and
// @portfolio/shared on the page.
import { useState } from 'react';
import { useNavigate } from '@portfolio/shared/router';
import { authContextIdentity } from '@portfolio/shared/auth';
import { firebaseAppCount, getFirebaseApp } from '@portfolio/shared/firebase';

export interface FederationIdentities {
  react: unknown;
  router: unknown;
  authContext: unknown;
  firebaseApp: unknown;
  firebaseAppCount: number;
}

export async function collectIdentities(): Promise<FederationIdentities> {
  const firebaseApp = await getFirebaseApp();
  return {
    react: useState,
    router: useNavigate,
    authContext: authContextIdentity,
    firebaseApp,
    firebaseAppCount: await firebaseAppCount(),
  };
}
