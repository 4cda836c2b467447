// Stand-in for 'firebase/app' in every Jest test (jest.config.js maps the module here): the
// shared Firebase singleton (shared/src/firebase.ts) runs for real on top of it.
export const initializeApp = jest.fn((_options?: unknown) => ({ name: '[DEFAULT]' }));
export const getApps = jest.fn((): { name: string }[] => []);
export const getApp = jest.fn();
