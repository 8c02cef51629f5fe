/** What Palpite's command-line programs share: knowing they are the program run, and parsing `<argument> [options]`. */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Where a program writes its lines (console, or a test's collector). */
export interface ProgramOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * Whether the module at `moduleUrl` (its import.meta.url) is the program being run, not one a test
 * imported: process.argv[1] names it (bin/palpite.mjs sets it so).
 */
export function isMainModule(moduleUrl: string): boolean {
  try {
    return Boolean(process.argv[1]) && realpathSync(process.argv[1]!) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/** What parseArgs takes as `options`. */
type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
/** The values parseArgs gives for `options`. */
type OptionValues<T extends OptionsConfig> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: T }>>['values'];

/** The console, as a program's output. */
export const consoleOutput: ProgramOutput = { log: (line) => console.log(line), error: (line) => console.error(line) };

/**
 * Parses `<argument> [options] [--help]`: exactly one positional argument and the given options
 * (--help/-h added).
 * @returns the argument and the options' values, or the exit code to end with after printing usage
 *   (0 for --help, 2 for bad usage: an unknown option, no argument or more than one).
 */
export function parseOneArgument<const T extends OptionsConfig>(
  args: readonly string[], options: T, usage: string, out: ProgramOutput,
): { argument: string; values: OptionValues<T> } | number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { ...options, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    out.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const values = parsed.values as OptionValues<T> & { help?: boolean };
  if (values.help) {
    out.log(usage);
    return 0;
  }
  const [argument, ...extra] = parsed.positionals;
  if (!argument || extra.length > 0) {
    out.error(usage);
    return 2;
  }
  return { argument, values };
}

/**
 * Parses `<file> [--force] [--help]`.
 * @returns the file and the --force flag, or the exit code to end with after printing usage
 *   (0 for --help, 2 for bad usage).
 */
export function parseFileArguments(args: readonly string[], usage: string, out: ProgramOutput): { file: string; force: boolean } | number {
  const parsed = parseOneArgument(args, { force: { type: 'boolean' } }, usage, out);
  if (typeof parsed === 'number') return parsed;
  return { file: parsed.argument, force: parsed.values.force ?? false };
}
