// Podman as `npm run check:images` runs it (docs/decisions/210): with the check's own settings
// (containers.conf: runc, cgroupfs, no default ulimits) and its own store (storage.conf: images,
// containers and volumes under /var/lib/portfolio-check-images), so the check never sees, uses
// or removes anything else podman holds on the machine. The same environment is given to
// podman-compose, which runs podman.
//   CONTAINERS_CONF=tools/images/containers.conf CONTAINERS_STORAGE_CONF=tools/images/storage.conf podman ps
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../root';

export const IMAGES_DIR = path.join(ROOT, 'tools', 'images');

/** The environment podman and podman-compose read the check's settings and store from. */
export const PODMAN_ENV = {
  CONTAINERS_CONF: path.join(IMAGES_DIR, 'containers.conf'),
  CONTAINERS_STORAGE_CONF: path.join(IMAGES_DIR, 'storage.conf'),
  // Images in Docker's format: podman's own (OCI) drops a Dockerfile's HEALTHCHECK.
  BUILDAH_FORMAT: 'docker',
} as const;

/** What a command printed, and how it ended. */
export interface Finished {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Shown as it comes (the builds' and the smoke's progress) instead of only kept. */
  show?: boolean;
  /** Given to the command's standard input. */
  input?: NodeJS.ReadableStream;
  /** A non-zero exit is an answer, not an error. */
  allowFailure?: boolean;
}

/** The commands under way, so an interruption can stop them (by their pids) before cleaning up. */
export const running = new Set<ReturnType<typeof spawn>>();

/**
 * Runs a command to its end. Throws with its last output when it fails, unless allowFailure.
 * Podman's own environment (PODMAN_ENV) is always given.
 */
export function run(
  command: string,
  args: readonly string[],
  { env = process.env, cwd = ROOT, show = false, input, allowFailure = false }: RunOptions = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...env, ...PODMAN_ENV },
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (show) process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (show) process.stderr.write(chunk);
    });
    if (input && child.stdin) input.pipe(child.stdin);
    child.once('error', (error) => {
      running.delete(child);
      reject(error);
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      const finished = { code: code ?? (signal ? 128 : 1), stdout, stderr };
      if (finished.code === 0 || allowFailure) resolve(finished);
      else {
        const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-20).join('\n');
        reject(new Error(`${command} ${args.join(' ')} failed (${finished.code}):\n${tail}`));
      }
    });
  });
}

/** podman with the check's settings and store. */
export function podman(args: readonly string[], options?: RunOptions): Promise<Finished> {
  return run('podman', args, options);
}

/** Whether an image of that name is in the check's store. */
export async function imageExists(name: string): Promise<boolean> {
  return (await podman(['image', 'exists', name], { allowFailure: true })).code === 0;
}

/** The lines a command printed, without empty ones. */
export const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
