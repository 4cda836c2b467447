/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { checkCompat, loadApp } from './check-compat.mjs';

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

describe('npm run check:compat', () => {
  const run = (args: string[]) => {
    try {
      return {
        code: 0,
        out: execFileSync(process.execPath, [path.join(__dirname, 'check-compat.mjs'), ...args], {
          encoding: 'utf8',
          stdio: 'pipe',
        }),
      };
    } catch (error) {
      const failed = error as { status: number; stderr: string };
      return { code: failed.status, out: failed.stderr };
    }
  };

  it('exits 0 for a compatible candidate', () => {
    expect(run(['--candidate', fixture('live-shop'), '--live', ...LIVE]).code).toBe(0);
  });

  it('exits 1 with the reason for an incompatible one', () => {
    const { code, out } = run(['--candidate', fixture('shop-newer-config'), '--live', ...LIVE]);
    expect(code).toBe(1);
    expect(out).toContain('shop (');
    expect(out).toContain('must not go live');
  });

  it('exits 2 on a usage error', () => {
    expect(run(['--candidate', fixture('live-shop')]).code).toBe(2);
  });
});
