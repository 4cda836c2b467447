/** @jest-environment node */
// `npm run check:images` (docs/decisions/210) without containers: its command line, the base
// images it stands in for the official ones, the mirrors it makes Debian from, the compose
// settings it gives, and what deploy/ must hold for podman-compose 1.0.3 and any nginx image to
// read it as Docker Compose and the official image do. The check itself runs outside CI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NGINX, edgeSettings, fillTemplate } from '../edge';
import {
  baseTags,
  debianMirrors,
  debianSourcesFile,
  nodeImageParts,
  officialImages,
  parseAptSources,
} from './base-images';
import { USAGE, composeEnvironment, parseCheckArgs, reportedTests } from './check-images';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
/** deploy/compose.yaml without its comments (whose ${…} compose never reads). */
const composeFile = () =>
  read('deploy/compose.yaml')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n');

describe('the command line', () => {
  it('takes its two options, each off by default', () => {
    expect(parseCheckArgs([])).toEqual({ rebuildBase: false, keepImages: false, help: false });
    expect(parseCheckArgs(['--rebuild-base', '--keep-images'])).toEqual({
      rebuildBase: true,
      keepImages: true,
      help: false,
    });
  });

  it('refuses an unknown option or an argument', () => {
    expect(() => parseCheckArgs(['--keep'])).toThrow(/Unknown option '--keep'/);
    expect(() => parseCheckArgs(['site'])).toThrow(/Unexpected argument 'site'/);
  });

  it('answers an unknown option with its usage and status 2, before anything runs', () => {
    const result = spawnSync(
      process.execPath,
      [
        '--conditions=@portfolio/source',
        '--import',
        'tsx',
        path.join(__dirname, 'check-images.ts'),
        '--no-such-option',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Unknown option '--no-such-option'");
    expect(result.stderr).toContain(USAGE);
  });
});

describe('the base images', () => {
  it("stand in for deploy/'s official images, read from their defaults", () => {
    expect(officialImages()).toEqual({
      NODE_IMAGE: 'node:24-bookworm-slim',
      NGINX_IMAGE: 'nginx:stable-bookworm',
      POSTGRES_IMAGE: 'postgres:17-bookworm',
      REDIS_IMAGE: 'redis:7-bookworm',
    });
    expect(nodeImageParts('node:24-bookworm-slim')).toEqual({ major: '24', suite: 'bookworm' });
    expect(() => nodeImageParts('node:lts-alpine')).toThrow(/not an official Node image/);
    expect(baseTags('24', 'bookworm')).toEqual({
      DEBIAN_IMAGE: 'localhost/portfolio-base/debian:bookworm',
      NODE_IMAGE: 'localhost/portfolio-base/node:24-bookworm-slim',
      NGINX_IMAGE: 'localhost/portfolio-base/nginx:bookworm',
      POSTGRES_IMAGE: 'localhost/portfolio-base/postgres:bookworm',
      REDIS_IMAGE: 'localhost/portfolio-base/redis:bookworm',
    });
  });

  it("are made from the Debian mirror apt uses, in either of apt's formats", () => {
    const deb822 = parseAptSources(
      [
        'Types: deb',
        '# a comment',
        'URIs: http://deb.debian.org/debian',
        'Suites: bookworm bookworm-updates',
        'Components: main',
        '',
        'Types: deb',
        'URIs: http://deb.debian.org/debian-security',
        'Suites: bookworm-security',
        'Components: main',
      ].join('\n'),
      true,
    );
    // Another vendor's release named after Debian's is not Debian's.
    const oneLine = parseAptSources(
      'deb https://packages.example.com/apt cloud-sdk-bookworm main\n' +
        'deb [arch=amd64] http://mirror.example/debian bookworm main # the mirror\n',
      false,
    );
    expect(debianMirrors(deb822, 'bookworm')).toEqual({
      archive: 'http://deb.debian.org/debian',
      security: 'http://deb.debian.org/debian-security',
    });
    expect(debianMirrors(oneLine, 'bookworm')).toEqual({
      archive: 'http://mirror.example/debian',
      security: undefined,
    });
    expect(() => debianMirrors(oneLine, 'trixie')).toThrow(/apt has no source for Debian trixie/);
    expect(debianSourcesFile({ archive: 'http://m/debian', security: undefined }, 'bookworm'))
      .toBe(`Types: deb
URIs: http://m/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
`);
  });
});

describe('deploy/ as the check builds and starts it', () => {
  it("builds every stage on a build argument's image or an earlier stage", () => {
    const dockerfile = read('deploy/Dockerfile');
    const stages: string[] = [];
    for (const [, image, name] of dockerfile.matchAll(/^FROM\s+(\S+)\s+AS\s+(\S+)/gm)) {
      expect([...stages, '${NODE_IMAGE}', '${NGINX_IMAGE}']).toContain(image);
      stages.push(name!);
    }
    expect(stages).toEqual(['build', 'site', 'api', 'remote', 'edge']);
  });

  it('writes its variables only in the forms podman-compose 1.0.3 reads as Docker Compose does', () => {
    // podman-compose 1.0.3 leaves ${NAME:-} and ${NAME:?} as they are written (its pattern wants
    // a default or a message of one character at least): the service would get the text itself.
    const portable = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]+|:\?[^}]+)?\}$/;
    const odd = (text: string) =>
      [...text.matchAll(/\$\{[^}]*\}/g)].map(([found]) => found).filter((v) => !portable.test(v));
    expect(odd(composeFile())).toEqual([]);
    expect(odd('A: ${A:-}\nB: ${B:?}\nC: ${C}\nD: ${D:-x}\nE: ${E:?say so}')).toEqual([
      '${A:-}',
      '${B:?}',
    ]);
  });

  it("gives every variable compose requires, and none of the caller's", () => {
    const compose = composeFile();
    const required = new Set([...compose.matchAll(/\$\{([A-Z_]+):\?/g)].map((match) => match[1]));
    const base = {
      NODE_IMAGE: 'n',
      NGINX_IMAGE: 'x',
      POSTGRES_IMAGE: 'p',
      REDIS_IMAGE: 'r',
    };
    const saved = process.env.OWNER_NAME;
    process.env.OWNER_NAME = 'Not The Check';
    try {
      const env = composeEnvironment(28105, base, (bytes) => 'k'.repeat(bytes));
      for (const name of required) expect(env[name!]).toBeTruthy();
      expect(env).toMatchObject({
        EDGE_PUBLISHED_PORT: '127.0.0.1:28105',
        SITE_URL: 'http://localhost:28105',
        POSTGRES_IMAGE: 'p',
        REDIS_IMAGE: 'r',
        FIREBASE_PROJECT_ID: 'demo-portfolio',
      });
      expect(env.OWNER_NAME).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.OWNER_NAME;
      else process.env.OWNER_NAME = saved;
    }
  });
});

describe("the edge's main configuration (deploy/edge/nginx.conf)", () => {
  /**
   * `nginx -t` on a main configuration laid out as the edge image lays it out: the filled
   * template in conf.d/, the edge's included files beside it. Its output, and whether it passed.
   */
  function testConfiguration(main: string) {
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'portfolio-edge-image-'));
    try {
      const edgeDir = path.join(ROOT, 'deploy', 'edge');
      mkdirSync(path.join(prefix, 'conf.d'));
      mkdirSync(path.join(prefix, 'edge'));
      mkdirSync(path.join(prefix, 'cache'));
      writeFileSync(path.join(prefix, 'nginx.conf'), main);
      writeFileSync(path.join(prefix, 'mime.types'), readFileSync('/etc/nginx/mime.types'));
      for (const file of ['forwarded.conf', 'remote-files.conf', 'error-headers.conf']) {
        writeFileSync(path.join(prefix, 'edge', file), readFileSync(path.join(edgeDir, file)));
      }
      const settings = edgeSettings({
        listen: '127.0.0.1:8080',
        site: '127.0.0.1:3000',
        api: '127.0.0.1:4000',
        remotes: Object.fromEntries(
          ['portfolio', 'blog', 'auth', 'shop'].map((name) => [name, 'http://127.0.0.1:8081/']),
        ),
        cacheDir: path.join(prefix, 'cache'),
        confDir: path.join(prefix, 'edge'),
      });
      writeFileSync(
        path.join(prefix, 'conf.d', 'site.conf'),
        fillTemplate(readFileSync(path.join(edgeDir, 'site.conf.template'), 'utf8'), settings),
      );
      const result = spawnSync(
        NGINX,
        ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', `pid ${prefix}/pid;`],
        // Its access log is its standard output, a file nginx opens: not a socket (Node's pipes).
        { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
      );
      return { ok: result.status === 0, output: result.stderr };
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  }

  const nginxAvailable = existsSync(NGINX) && process.getuid?.() === 0;
  // As root (npm test installs Debian's nginx as root): nginx -t makes its temporary folders.
  (nginxAvailable ? it : it.skip)('holds the site with no directive given twice', () => {
    const { ok, output } = testConfiguration(read('deploy/edge/nginx.conf'));
    expect(output).toContain('test is successful');
    expect(ok).toBe(true);
    // The official image's own main configuration sets keepalive_timeout as the template does.
    const imageDefault = testConfiguration(
      'events {}\nhttp {\n    keepalive_timeout 65;\n    include conf.d/*.conf;\n}\n',
    );
    expect(imageDefault.ok).toBe(false);
    expect(imageDefault.output).toMatch(/"keepalive_timeout" directive is duplicate/);
  });
});

describe("the smoke's report", () => {
  it("lists each test's outcome with its title path and a skip's reason", () => {
    const report = {
      suites: [
        {
          title: 'ssr.spec.ts',
          specs: [
            {
              title: 'a content change shows',
              tests: [
                {
                  status: 'skipped',
                  annotations: [{ type: 'skip', description: 'no admin' }],
                  results: [{ status: 'skipped' }],
                },
              ],
            },
          ],
          suites: [
            {
              title: 'server-rendered HTML',
              specs: [
                { title: '404', tests: [{ status: 'expected', results: [{ status: 'passed' }] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(reportedTests(report)).toEqual([
      {
        title: 'a content change shows',
        status: 'skipped',
        annotations: [{ type: 'skip', description: 'no admin' }],
      },
      { title: 'server-rendered HTML › 404', status: 'passed', annotations: [] },
    ]);
  });
});
