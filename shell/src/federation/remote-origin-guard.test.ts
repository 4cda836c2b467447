import { ForeignRemoteError, isAllowedRemoteUrl, remoteOriginGuard } from './remote-origin-guard';

const PAGE = 'https://site.example/article/x';
const REMOTES = ['https://blog.example', 'http://localhost:3002'];

describe('the remote origin guard', () => {
  const guard = remoteOriginGuard(REMOTES, PAGE);

  it.each([
    ['a remote origin', 'https://blog.example/v/abc/remoteEntry.js'],
    ['another remote origin', 'http://localhost:3002/mf-manifest.json'],
    ['the page origin', 'https://site.example/remotes/blog/chunk.1234abcd.js'],
    ['a path on the page origin', '/remotes/blog/mf-manifest.json'],
  ])('lets the runtime load from %s', (_what, url) => {
    expect(() => guard.createScript?.({ url })).not.toThrow();
    expect(() => guard.createLink?.({ url })).not.toThrow();
    expect(guard.fetch?.(url, {})).toBeUndefined();
  });

  it.each([
    ['a foreign host', 'https://evil.example/remoteEntry.js'],
    ['a remote host on another port', 'https://blog.example:8443/remoteEntry.js'],
    ['a remote host over the other scheme', 'http://blog.example/remoteEntry.js'],
    ['a protocol-relative foreign host', '//evil.example/x.js'],
    ['a data: URL', 'data:text/javascript,alert(1)'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a lookalike', 'https://blog.example.evil.example/x.js'],
  ])('refuses %s', async (_what, url) => {
    expect(() => guard.createScript?.({ url })).toThrow(ForeignRemoteError);
    expect(() => guard.createLink?.({ url })).toThrow(ForeignRemoteError);
    await expect(guard.fetch?.(url, {})).rejects.toBeInstanceOf(ForeignRemoteError);
  });

  it('refuses to register a remote whose entry is elsewhere', () => {
    const register = (entry: string) =>
      guard.beforeRegisterRemote?.({
        remote: { name: 'blog', entry },
        origin: {} as never,
      });
    expect(() => register('https://blog.example/mf-manifest.json')).not.toThrow();
    expect(() => register('https://evil.example/mf-manifest.json')).toThrow(ForeignRemoteError);
  });

  it('reads URLs relative to the page', () => {
    const origins = new Set(['https://site.example']);
    expect(isAllowedRemoteUrl('chunk.js', origins, PAGE)).toBe(true);
    expect(isAllowedRemoteUrl('http://[broken', origins, PAGE)).toBe(false);
  });
});
