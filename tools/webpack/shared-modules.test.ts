/** @jest-environment node */
import { readSharedPackage, readSnapshot } from '../compat/shared-exports';
import { SHARED_SUBPATHS, sharedModules } from './shared-modules';

describe('sharedModules', () => {
  it('classifies every subpath as a singleton or bundled', () => {
    const subpaths = Object.keys(readSharedPackage().exports).filter((s) => !s.endsWith('.css'));
    expect(subpaths.filter((subpath) => !(subpath in SHARED_SUBPATHS))).toEqual([]);
  });

  const shared = sharedModules() as Record<
    string,
    { singleton?: boolean; version?: string; requiredVersion?: string }
  >;
  const recorded = readSnapshot();

  it('shares the stateful modules as singletons requiring the version they last changed at', () => {
    for (const name of ['config', 'firebase', 'auth', 'router']) {
      const since = recorded?.subpaths[`./${name}`]?.since;
      expect(shared[`@portfolio/shared/${name}`]).toEqual({
        singleton: true,
        version: since,
        requiredVersion: `^${since}`,
      });
    }
    expect(shared.react).toMatchObject({ singleton: true, requiredVersion: '^19.2.0' });
  });

  it('bundles the stateless modules into each app', () => {
    for (const name of ['ui', 'format', 'markdown', 'api-client', 'types', 'standalone']) {
      expect(shared[`@portfolio/shared/${name}`]).toBeUndefined();
    }
  });
});
