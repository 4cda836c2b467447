// Stand-in for 'firebase/firestore/lite' in every Jest test (jest.config.js maps the module here).
// Documents are `{ path: '<collection>/<id>' }`; getDoc answers what a test sets with
// mockResolvedValueOnce (by default a missing document).
export const getFirestore = jest.fn((_app?: unknown) => ({ type: 'firestore' }));
export const doc = jest.fn((_db: unknown, collection: string, id: string) => ({
  path: `${collection}/${id}`,
}));
export const getDoc = jest.fn(async (_ref: unknown) => ({
  exists: () => false,
  data: (): Record<string, unknown> | undefined => undefined,
}));
export const setDoc = jest.fn(async (_ref: unknown, _data: unknown) => undefined);
export const updateDoc = jest.fn(async (_ref: unknown, _data: unknown) => undefined);
