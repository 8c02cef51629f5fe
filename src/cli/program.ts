/** What Palpite's command-line programs share: knowing they are the program run, and `<file> [--force]` arguments. */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

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

/**
 * Parses `<file> [--force] [--help]`.
 * @returns the file and the --force flag, or the exit code to end with after printing usage
 *   (0 for --help, 2 for bad usage).
 */
export function parseFileArguments(args: readonly string[], usage: string, out: ProgramOutput): { file: string; force: boolean } | number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    out.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (parsed.values.help) {
    out.log(usage);
    return 0;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    out.error(usage);
    return 2;
  }
  return { file, force: parsed.values.force ?? false };
}
