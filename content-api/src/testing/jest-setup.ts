// PGlite takes a few seconds to start on a small machine.
jest.setTimeout(30_000);
