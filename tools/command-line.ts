// The project's commands read their arguments here, and only here (docs/decisions/190): node's
// own parser in strict mode, so a flag or argument a command does not know is refused with the
// command's usage before it does anything (`npm run deploy -- shop --preveiw` never deploys).
// `--help` prints the usage and exits without doing anything either.
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

export class CommandLineError extends Error {
  override name = 'CommandLineError';
}

export interface CommandLineSpec<Options extends ParseArgsOptionsConfig = ParseArgsOptionsConfig> {
  /** The usage line(s) printed with any mistake, and for --help. */
  usage: string;
  /** The flags the command takes (node:util parseArgs's options; --help is added). */
  options?: Options;
  /** The words the command takes besides flags: how many, and which (when a closed set). */
  positionals?: { max: number; min?: number; allowed?: readonly string[] };
}

type Parsed<Options extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: Options; strict: true; allowPositionals: true }>
>;

/**
 * The command's flags and words from `argv`, checked; a CommandLineError for anything else.
 * `help` is true when --help was asked for (nothing else is checked then).
 */
export function parseCommandLine<
  const Options extends ParseArgsOptionsConfig = Record<never, never>,
>(
  spec: CommandLineSpec<Options>,
  argv: readonly string[],
): { values: Parsed<Options>['values']; positionals: string[]; help: boolean } {
  if (argv.includes('--help') || argv.includes('-h')) {
    return { values: {} as Parsed<Options>['values'], positionals: [], help: true };
  }
  let parsed: Parsed<Options>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: (spec.options ?? {}) as Options,
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    // Node's own words: "Unknown option '--x'", "Option '--v <value>' argument missing".
    throw new CommandLineError(error instanceof Error ? error.message : String(error));
  }
  const { max, min = 0, allowed } = spec.positionals ?? { max: 0 };
  const words = parsed.positionals;
  if (words.length > max) {
    throw new CommandLineError(`Unexpected argument "${words[max]}"`);
  }
  if (words.length < min) throw new CommandLineError('Missing argument');
  const unknown = allowed ? words.find((word) => !allowed.includes(word)) : undefined;
  if (unknown !== undefined) {
    throw new CommandLineError(`Unknown argument "${unknown}" (one of: ${allowed!.join(', ')})`);
  }
  return { values: parsed.values, positionals: words, help: false };
}

/**
 * `parseCommandLine` for a command's main: its mistakes print the message and the usage and
 * exit with 2; --help prints the usage and exits with 0. Called before the command does anything.
 */
export function readCommandLine<
  const Options extends ParseArgsOptionsConfig = Record<never, never>,
>(
  spec: CommandLineSpec<Options>,
  argv: readonly string[] = process.argv.slice(2),
): { values: Parsed<Options>['values']; positionals: string[] } {
  try {
    const { values, positionals, help } = parseCommandLine(spec, argv);
    if (help) {
      console.log(spec.usage);
      process.exit(0);
    }
    return { values, positionals };
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    console.error(`${error.message}\n${spec.usage}`);
    process.exit(2);
  }
}
