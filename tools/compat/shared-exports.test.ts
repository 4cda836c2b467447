/** @jest-environment node */
import {
  compareSurface,
  currentSurface,
  nextSnapshot,
  readSharedPackage,
  readSnapshot,
} from './shared-exports';

const snapshot = {
  version: '1.2.0',
  subpaths: {
    './config': { since: '1.0.0', values: ['getRuntimeConfig'] },
    './ui': { since: '1.2.0', values: ['Button', 'Card'] },
  },
};

describe('@portfolio/shared export surface', () => {
  // Reading the surface type-checks the package's entry points: a few seconds.
  jest.setTimeout(60_000);

  it('is recorded in shared/exports-snapshot.json for the version in shared/package.json', () => {
    const { version } = readSharedPackage();
    const { problems } = compareSurface(readSnapshot(), currentSurface(), version);
    // The message says which exports changed, which version to set and the command to run.
    if (problems.length > 0) throw new Error(problems.join('\n\n'));
  });
});

describe('compareSurface', () => {
  it('accepts an unchanged surface at the recorded version', () => {
    const surface = { './config': ['getRuntimeConfig'], './ui': ['Button', 'Card'] };
    expect(compareSurface(snapshot, surface, '1.2.0').problems).toEqual([]);
  });

  it('asks for a minor bump when an export was added', () => {
    const surface = { './config': ['getRuntimeConfig'], './ui': ['Badge', 'Button', 'Card'] };
    const { versionProblem, needed } = compareSurface(snapshot, surface, '1.2.0');
    expect(needed).toBe('1.3.0');
    expect(versionProblem).toContain('./ui: +Badge');
    expect(versionProblem).toContain('"version": "1.3.0"');
    expect(versionProblem).toContain('npm run shared:exports -- --write');
    // A patch bump is not enough for a new export.
    expect(compareSurface(snapshot, surface, '1.2.1').versionProblem).toContain('1.3.0');
  });

  it('asks for a major bump when an export or a subpath was removed', () => {
    const surface = { './ui': ['Button', 'Card'] };
    const { versionProblem, needed, breaking } = compareSurface(snapshot, surface, '1.3.0');
    expect(breaking).toBe(true);
    expect(needed).toBe('2.0.0');
    expect(versionProblem).toContain('./config: -(subpath)');
  });

  it('asks to record the snapshot once the version is right', () => {
    const surface = { './config': ['getRuntimeConfig'], './ui': ['Badge', 'Button', 'Card'] };
    const { versionProblem, staleProblem } = compareSurface(snapshot, surface, '1.3.0');
    expect(versionProblem).toBeNull();
    expect(staleProblem).toContain('npm run shared:exports -- --write');
    // A version bump without export changes must be recorded too.
    expect(
      compareSurface(
        snapshot,
        { './config': ['getRuntimeConfig'], './ui': ['Button', 'Card'] },
        '1.2.1',
      ).staleProblem,
    ).toContain('1.2.1');
  });
});

describe('nextSnapshot', () => {
  it('moves `since` only for the subpaths that changed', () => {
    const surface = { './config': ['getRuntimeConfig'], './ui': ['Badge', 'Button', 'Card'] };
    expect(nextSnapshot(snapshot, surface, '1.3.0').subpaths).toEqual({
      './config': { since: '1.0.0', values: ['getRuntimeConfig'] },
      './ui': { since: '1.3.0', values: ['Badge', 'Button', 'Card'] },
    });
    expect(nextSnapshot(snapshot, surface, '1.3.0', ['./config']).subpaths['./config']?.since).toBe(
      '1.3.0',
    );
  });
});
