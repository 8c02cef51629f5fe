/**
 * Runs one of Palpite's programs (start, import, sync, user-role, backup, restore) as a child process:
 * compiled, the way `node bin/palpite.mjs <command>` runs it in production (the db project's global setup,
 * tests/db/global-setup.ts, compiled them once for the whole test run), or from source as in development.
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
  return runNode([join(inject('compiledCliDir'), `${command}.js`), ...args], env);
}

/**
 * Runs `command` from its TypeScript source through `node bin/palpite.mjs` (tsx's loader), as
 * `npm run <command>` does in development; otherwise as runCompiled.
 */
export async function runFromSource(command: string, args: string[], env: Record<string, string>): Promise<ProgramResult> {
  return runNode(['bin/palpite.mjs', command, ...args], { ...env, NODE_ENV: 'development' });
}

async function runNode(args: string[], env: Record<string, string>): Promise<ProgramResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number | string; stdout?: string; stderr?: string };
    if (typeof failure.code !== 'number') throw error;
    return { code: failure.code, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}
