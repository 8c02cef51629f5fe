/**
 * Compiles the command-line programs once before the db project's files start, so the CLI tests run
 * them as production does (`node dist/server/<command>.js`): compiling TypeScript on the fly with tsx
 * cost about 2 s per process, and those tests start more than twenty.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../src/cli/build-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the compiled programs (<command>.js) for this test run. */
    compiledCliDir: string;
  }
}

/** Vitest's global setup for the db project: builds, provides the folder, and removes it at the end. */
export default async function setup(project: TestProject): Promise<() => void> {
  const outDir = resolve(import.meta.dirname, '../../dist', `.cli-test-${process.pid}`);
  await buildServer(outDir);
  project.provide('compiledCliDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}

