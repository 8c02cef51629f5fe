/**
 * The running version: package.json's version and a build id (BUILD_ID from the environment, else
 * the git commit when available, else "dev").
 */
import { execFileSync } from 'node:child_process';
// Imported, not read at run time: the compiled server (dist/server) carries the version it was built from.
import packageJson from '../../package.json' with { type: 'json' };

/** package.json's version ("0.3.5"). */
export function readVersion(): string {
  return packageJson.version;
}

/** The build id: BUILD_ID from the environment, else the short git commit, else "dev". */
export function readBuild(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || 'dev';
  } catch {
    return 'dev';
  }
}

export const APP_VERSION = { version: readVersion(), build: readBuild() };
