import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { CommandLineError, parseCommandLine } from './command-line';
import { ROOT } from './root';

describe('parseCommandLine', () => {
  const spec = {
    usage: 'Usage: x [--preview] [--canary <percent>] <app>',
    options: { preview: { type: 'boolean' }, canary: { type: 'string' } },
    positionals: { max: 1, allowed: ['shop', 'blog'] },
  } as const;

  it('reads known flags and words', () => {
    const parsed = parseCommandLine(spec, ['shop', '--canary', '10']);
    expect(parsed.values.canary).toBe('10');
    expect(parsed.positionals).toEqual(['shop']);
    expect(parsed.help).toBe(false);
  });

  it.each([
    [['shop', '--preveiw'], /Unknown option '--preveiw'/],
    [['shop', '--canary'], /argument missing/],
    [['shop', 'blog'], /Unexpected argument "blog"/],
    [['cart'], /Unknown argument "cart"/],
    [['shop', '-x'], /Unknown option '-x'/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommandLine(spec, argv)).toThrow(CommandLineError);
    expect(() => parseCommandLine(spec, argv)).toThrow(message);
  });

  it('asks for help without checking the rest', () => {
    expect(parseCommandLine(spec, ['--nonsense', '--help']).help).toBe(true);
  });
});

describe('the commands refuse what they do not know, before doing anything', () => {
  // Each exits 2 with its usage: a deploy that ignored an unknown flag went live (issue 47).
  it.each([
    ['tools/deploy.ts', ['shop', '--preveiw']],
    ['tools/build.ts', ['shop', '--tset']],
    ['tools/start.ts', ['--nobuild']],
    ['tools/compat/check-compat.ts', ['--candidate', 'x', '--live', 'y', '--strict']],
    ['tools/bench/ssr.ts', ['--quick']],
  ])('%s %j', (script, argv) => {
    let failure: { status?: number; stderr?: Buffer } = {};
    try {
      execFileSync(
        process.execPath,
        ['--import', 'tsx', '--conditions=@portfolio/source', path.join(ROOT, script), ...argv],
        { cwd: ROOT, stdio: 'pipe', timeout: 60_000 },
      );
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure.status).toBe(2);
    expect(String(failure.stderr)).toMatch(/Usage:/);
  });
});
