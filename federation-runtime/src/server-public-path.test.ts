/** @jest-environment node */
import { SERVER_ASSET_BASE_OPTION, SERVER_PUBLIC_PATH_OPTION } from '@portfolio/contract';
import serverPublicPathPlugin from './server-public-path';

declare let __webpack_public_path__: string;

describe("a remote's server container plugin", () => {
  const files = 'http://127.0.0.1:3012/v/abc/';
  const assets = 'http://localhost:3000/remotes/blog/v/abc/';
  let fetched: string[];
  beforeEach(() => {
    fetched = [];
    (globalThis as { __webpack_public_path__?: string }).__webpack_public_path__ = '';
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) => (fetched.push(String(url)), new Response('chunk')));
  });
  afterEach(() => jest.restoreAllMocks());

  it("writes asset URLs on the site's origin and fetches its chunks from the remote's own", async () => {
    const plugin = serverPublicPathPlugin();
    plugin.beforeInit?.({
      userOptions: { [SERVER_PUBLIC_PATH_OPTION]: files, [SERVER_ASSET_BASE_OPTION]: assets },
    } as never);
    expect(__webpack_public_path__).toBe(assets);
    const answer = await plugin.fetch?.(`${assets}server/123.1a2b3c4d.js`, {});
    expect(await (answer as Response).text()).toBe('chunk');
    expect(fetched).toEqual([`${files}server/123.1a2b3c4d.js`]);
    // Anything else is the runtime's own business.
    expect(plugin.fetch?.('http://elsewhere.test/x.js', {})).toBeUndefined();
  });

  it('starts a second container of the same remote (a candidate beside the live one) with its own bases', async () => {
    // Only the first container's plugin is registered on the remote's shared instance: it is
    // the one called when the second starts.
    const first = serverPublicPathPlugin();
    first.beforeInit?.({
      userOptions: { [SERVER_PUBLIC_PATH_OPTION]: files, [SERVER_ASSET_BASE_OPTION]: assets },
    } as never);
    serverPublicPathPlugin();
    const candidateFiles = 'http://127.0.0.1:3012/v/next/';
    const candidateAssets = 'http://localhost:3000/remotes/blog/v/next/';
    first.beforeInit?.({
      userOptions: {
        [SERVER_PUBLIC_PATH_OPTION]: candidateFiles,
        [SERVER_ASSET_BASE_OPTION]: candidateAssets,
      },
    } as never);
    expect(__webpack_public_path__).toBe(candidateAssets);
    await first.fetch?.(`${assets}server/1.js`, {});
    await first.fetch?.(`${candidateAssets}server/2.js`, {});
    // Each container's chunks from its own folder: the live one keeps its own.
    expect(fetched).toEqual([`${files}server/1.js`, `${candidateFiles}server/2.js`]);
  });

  it('with the files base alone (a site from before one origin), uses it for both', () => {
    const plugin = serverPublicPathPlugin();
    plugin.beforeInit?.({ userOptions: { [SERVER_PUBLIC_PATH_OPTION]: files } } as never);
    expect(__webpack_public_path__).toBe(files);
    expect(plugin.fetch?.(`${files}server/1.js`, {})).toBeUndefined();
  });
});
