/**
 * The order Vitest starts test files in, for a clone that has never run them (CI's: no durations in
 * Vitest's cache, so it starts the largest files first). Some small files run longest — processes started
 * and stopped, forty accounts made, every route swept in a browser — and, started last, one of them ran
 * alone for a minute while the other workers sat idle before the browser files could begin. Vitest's own
 * order is kept, except that the files of SLOW_FIRST (durations from a CI run on the 2-core machine,
 * 2026-11-30) start first within their project, longest first. Where the cache has durations, Vitest
 * already starts the longest first and this changes little.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that take ≥ 20 s, by project, longest first (relative to the repository's root). */
export const SLOW_FIRST: readonly string[] = [
  // db
  'src/server/http/shared-address.test.ts', 'src/server/auth/accounts.test.ts', 'src/cli/import.test.ts',
  'src/server/authorization.test.ts', 'src/cli/start.test.ts', 'src/cli/user-role.test.ts', 'src/cli/replay.test.ts',
  'src/cli/sync.test.ts', 'src/server/auth/auth.test.ts',
  // e2e
  'tests/e2e/front-door.test.ts', 'tests/e2e/newcomer.test.ts', 'tests/e2e/admin-fixtures.test.ts', 'tests/e2e/game.test.ts',
  'tests/e2e/admin-people.test.ts', 'tests/e2e/admin.test.ts', 'tests/e2e/pwa.test.ts', 'tests/e2e/journey.test.ts',
  'tests/e2e/landing-weight.test.ts', 'tests/e2e/wall.test.ts', 'tests/e2e/live-demo.test.ts',
];

/**
 * Reorders `files` (Vitest's order: by group order, then project) so that each project's files named in
 * `slowFirst` come first in that project, in the list's order; the rest keep their order.
 * @param root the repository's root, against which the file paths of `slowFirst` are read.
 */
export function slowFirst(files: readonly TestSpecification[], root: string, slowFirst: readonly string[] = SLOW_FIRST): TestSpecification[] {
  const rank = (spec: TestSpecification) => slowFirst.indexOf(relative(root, spec.moduleId).split('\\').join('/'));
  const ordered: TestSpecification[] = [];
  for (let start = 0; start < files.length;) {
    let end = start;
    while (end < files.length && files[end]!.project.name === files[start]!.project.name) end++;
    const block = files.slice(start, end);
    const listed = block.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    ordered.push(...listed, ...block.filter((spec) => rank(spec) < 0));
    start = end;
  }
  return ordered;
}

/** Vitest's sequencer with the slow files first (vitest.config.ts `sequence.sequencer`). */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return slowFirst(await super.sort(files), this.ctx.config.root);
  }
}
