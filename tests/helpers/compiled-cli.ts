/**
 * Runs one of Palpite's compiled programs (start, import, sync, user-role, backup, restore) as a child
 * process, the way `node bin/palpite.mjs <command>` runs it in production. The db project's global setup
 * (tests/db/global-setup.ts) compiled them once for the whole test run.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');

/** What a finished program left: its exit code (0 on success) and everything it printed. */
export interface ProgramResult { code: number; stdout: string; stderr: string }

/**
 * Runs `command` with `args` in the project folder with `env` (merged over this process's environment)
 * and resolves once it exits, whatever its exit code; never rejects for a non-zero exit.
 * @throws when the program cannot be started at all.
 */
export async function runCompiled(command: string, args: string[], env: Record<string, string>): Promise<ProgramResult> {
  const file = join(inject('compiledCliDir'), `${command}.js`);
  try {
    const { stdout, stderr } = await run(process.execPath, [file, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number | string; stdout?: string; stderr?: string };
    if (typeof failure.code !== 'number') throw error;
    return { code: failure.code, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}
