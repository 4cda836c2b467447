/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { REMOTES } from '@portfolio/platform/apps';
import { checkCompat, loadApp, loadSite } from './check-compat';
import { TYPES_ZIP, exposedModules } from './exposed-types';

const fixture = (name: string) => path.join(__dirname, 'fixtures', `${name}.json`);
const LIVE = ['shell', 'portfolio', 'blog', 'auth', 'shop'].map((app) => fixture(`live-${app}`));

async function check(candidate: string) {
  const live = await Promise.all(LIVE.map((file) => loadApp(file)));
  return checkCompat({ live, candidate: await loadApp(fixture(candidate)) });
}

describe('checkCompat', () => {
  it('accepts a rebuild that provides and requires what the live site does', async () => {
    const result = await check('live-shop');
    expect(result.errors).toEqual([]);
    expect(result.checked).toContain('@portfolio/shared/config');
  });

  it('refuses a remote that needs a newer singleton than the live shell provides', async () => {
    const { errors } = await check('shop-newer-config');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      'shop requires @portfolio/shared/config ^1.1.0, but shell provides 1.0.0',
    );
    expect(errors[0]).toContain('first deploy a shell');
  });

  it('accepts a shell whose singleton only gained exports (a minor version)', async () => {
    expect((await check('shell-newer-config')).errors).toEqual([]);
  });

  it('refuses a shell that provides a singleton the live remotes cannot use', async () => {
    const { errors } = await check('shell-config-2');
    expect(errors).toHaveLength(4);
    expect(errors[0]).toContain(
      'portfolio requires @portfolio/shared/config ^1.0.0, but shell provides 2.0.0',
    );
    expect(errors[0]).toContain('rebuild portfolio against it');
  });

  it('refuses a remote built with a newer federation runtime than the live shell', async () => {
    const { errors } = await check('shop-newer-plugin');
    expect(errors).toEqual([expect.stringContaining('deploy the shell first')]);
  });

  it('reports a mismatch already on the live site as a warning, not as the candidate’s fault', async () => {
    const live = await Promise.all(
      [...LIVE.slice(0, 4), fixture('shop-newer-config')].map((file) => loadApp(file)),
    );
    const result = checkCompat({ live, candidate: await loadApp(fixture('live-portfolio')) });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([expect.stringContaining('already so on the live site')]);
  });
});

describe('a singleton the candidate shell stops sharing', () => {
  it('is refused while live remotes still share it', async () => {
    const live = await Promise.all(LIVE.map((file) => loadApp(file)));
    const shell = await loadApp(fixture('live-shell'));
    shell.manifest.shared = shell.manifest.shared.filter(
      (entry: { name: string }) => entry.name !== '@portfolio/shared/auth',
    );
    const { errors } = checkCompat({ live, candidate: shell });
    expect(errors).toEqual([
      expect.stringContaining(
        'no longer shares @portfolio/shared/auth as a singleton, but live portfolio, blog, auth, shop still do',
      ),
    ]);
  });
});

describe('a singleton the shell does not share', () => {
  const manifest = (name: string, version: string, requiredVersion: string) => ({
    manifest: {
      name,
      shared: [{ name: '@portfolio/shared/extra', version, requiredVersion, singleton: true }],
    },
    source: name,
  });

  it('must suit every remote, since whichever loads first provides it', () => {
    const live = [
      { manifest: { name: 'shell', shared: [] }, source: 'shell' },
      manifest('blog', '1.0.0', '^1.0.0'),
    ];
    const { errors } = checkCompat({ live, candidate: manifest('shop', '2.0.0', '^2.0.0') });
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toContain(
      'blog requires @portfolio/shared/extra ^1.0.0, but shop provides 2.0.0',
    );
    expect(errors.join('\n')).toContain(
      'shop requires @portfolio/shared/extra ^2.0.0, but blog provides 1.0.0',
    );
  });
});

describe('loadSite', () => {
  it("reads the shell's manifest and the remotes' from the live site's runtime config", async () => {
    const server = createServer((request, response) => {
      const { port } = server.address() as AddressInfo;
      if (request.url === '/runtime-config.json') {
        const remotes = Object.fromEntries(
          ['portfolio', 'blog', 'auth', 'shop'].map((name) => [
            name,
            `http://127.0.0.1:${port}/${name}/mf-manifest.json`,
          ]),
        );
        response.end(JSON.stringify({ remotes }));
        return;
      }
      const name = request.url === '/mf-manifest.json' ? 'shell' : request.url?.split('/')[1];
      response.end(readFileSync(fixture(`live-${name}`)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const apps = await loadSite(`http://127.0.0.1:${port}/`);
      expect(apps.map((app) => app.manifest.name)).toEqual([
        'shell',
        'portfolio',
        'blog',
        'auth',
        'shop',
      ]);
    } finally {
      server.close();
    }
  });
});

describe('npm run check:compat', () => {
  const run = (args: string[]) => {
    try {
      return {
        code: 0,
        out: execFileSync(
          process.execPath,
          [
            '--conditions=@portfolio/source',
            '--import',
            'tsx',
            path.join(__dirname, 'check-compat.ts'),
            ...args,
          ],
          {
            encoding: 'utf8',
            stdio: 'pipe',
          },
        ),
      };
    } catch (error) {
      const failed = error as { status: number; stderr: string };
      return { code: failed.status, out: failed.stderr };
    }
  };

  it('exits 0 for a compatible candidate', () => {
    expect(run(['--candidate', fixture('live-shop'), '--live', ...LIVE]).code).toBe(0);
  });

  it('refuses a word between the candidate and --live, by its place (the candidate may be a live file)', () => {
    const refused = run(['--candidate', fixture('live-shop'), 'stray', '--live', ...LIVE]);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('Unexpected argument "stray"');
  });

  it('exits 1 with the reason for an incompatible one', () => {
    const { code, out } = run(['--candidate', fixture('shop-newer-config'), '--live', ...LIVE]);
    expect(code).toBe(1);
    expect(out).toContain('shop (');
    expect(out).toContain('must not go live');
  });

  describe("a shop build's exposed types (ADR 194)", () => {
    let build = '';
    beforeEach(() => {
      build = mkdtempSync(path.join(os.tmpdir(), 'compat-types-'));
      copyFileSync(fixture('live-shop'), path.join(build, 'mf-manifest.json'));
    });
    afterEach(() => rmSync(build, { recursive: true, force: true }));

    /**
     * The build's @mf-types.zip as the type plugin lays it out: each exposed page's types at its
     * root.
     */
    const withTypes = (storePage: string) => {
      const zip = new AdmZip();
      const shop = REMOTES.find((app) => app.name === 'shop')!;
      for (const exposed of Object.keys(exposedModules(shop))) {
        const types = exposed === './StorePage' ? storePage : PAGE_TYPES;
        zip.addFile(`${exposed.slice(2)}.d.ts`, Buffer.from(types));
      }
      writeFileSync(path.join(build, TYPES_ZIP), zip.toBuffer());
      return path.join(build, 'mf-manifest.json');
    };
    const PAGE_TYPES = `import type { ComponentType } from 'react';
declare const Page: ComponentType;
export default Page;`;

    it('passes when every exposed page still fits the shell', () => {
      expect(run(['--candidate', withTypes(PAGE_TYPES), '--live', ...LIVE]).code).toBe(0);
    });

    it('fails when a change of an exposed page breaks the shell', () => {
      const { code, out } = run([
        '--candidate',
        withTypes(`declare const StorePage: string;\nexport default StorePage;`),
        '--live',
        ...LIVE,
      ]);
      expect(code).toBe(1);
      expect(out).toContain("shop's ./StorePage no longer fits the shell (its types)");
    });
  });

  it('exits 2 on a usage error', () => {
    expect(run(['--candidate', fixture('live-shop')]).code).toBe(2);
  });
});
