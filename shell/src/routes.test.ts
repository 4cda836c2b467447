import { RoutesFileError, parsePublishedRoutes, remoteRouteEntries } from './routes';

describe('parsePublishedRoutes', () => {
  it("reads a remote's routes.json", () => {
    expect(
      parsePublishedRoutes({
        version: 'abc',
        routes: [{ path: '/blog', module: './BlogPage', label: 'Blog', extra: 1 }],
      }),
    ).toEqual({ version: 'abc', routes: [{ path: '/blog', module: './BlogPage', label: 'Blog' }] });
  });

  it.each([
    [null],
    [{ routes: 'nope' }],
    [{ routes: [{ path: 'blog', module: './BlogPage' }] }],
    [{ routes: [{ path: '/blog', module: 'BlogPage' }] }],
    [{ routes: [{ path: '/blog' }] }],
    [{ version: 'x', routes: [], deployment: '../elsewhere/' }],
  ])('refuses %j with a message naming what is wrong', (raw) => {
    expect(() => parsePublishedRoutes(raw)).toThrow(RoutesFileError);
  });
});

describe('remoteRouteEntries', () => {
  it('composes the table from what the remotes publish, in the remotes’ order', () => {
    expect(
      remoteRouteEntries({
        shop: [{ path: '/store', module: './StorePage' }],
        portfolio: [{ path: '/', module: './HomePage' }],
      }),
    ).toEqual([
      { path: '/', remote: 'portfolio', module: './HomePage' },
      { path: '/store', remote: 'shop', module: './StorePage' },
    ]);
  });

  it('gives a path to the first remote that claims it, so no remote can take over another’s', () => {
    expect(
      remoteRouteEntries({
        portfolio: [{ path: '/', module: './HomePage' }],
        blog: [
          { path: '/', module: './Imposter' },
          { path: '/blog', module: './BlogPage' },
        ],
      }).map((entry) => `${entry.remote}${entry.path}`),
    ).toEqual(['portfolio/', 'blog/blog']);
  });
});
