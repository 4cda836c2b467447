/** @jest-environment node */
import type * as App from './app';
import type * as Auth from './auth';
import type * as Firestore from './firestore';
import * as onTheServer from './on-the-server';

type SdkName = keyof typeof App | keyof typeof Auth | keyof typeof Firestore;

describe("the server builds' stand-in for the Firebase SDK modules", () => {
  it('has every name the browser modules export (or the type check fails), each refusing', () => {
    const standIns: Record<SdkName, () => never> = onTheServer;
    for (const standIn of Object.values(standIns)) {
      expect(() => standIn()).toThrow('Firebase runs in the browser only');
    }
  });
});
