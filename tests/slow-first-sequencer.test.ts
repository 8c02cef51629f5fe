/** The slow-first order of test files (tests/slow-first-sequencer.ts): its list names real files, and it reorders within each project only. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { SLOW_FIRST, slowFirst } from './slow-first-sequencer';

const ROOT = join(import.meta.dirname, '..');
/** A stand-in for Vitest's specification: a project's name and a file. */
const spec = (project: string, file: string) => ({ project: { name: project }, moduleId: join(ROOT, file) }) as unknown as TestSpecification;
const names = (specs: TestSpecification[]) => specs.map((s) => `${s.project.name}:${s.moduleId.slice(ROOT.length + 1)}`);

describe('slow-first test order', () => {
  it('names files that exist', () => {
    expect(SLOW_FIRST.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it('moves the listed files to the front of their own project, in the list order, and keeps the rest in order', () => {
    const files = [spec('db', 'a.ts'), spec('db', 'slow-2.ts'), spec('db', 'b.ts'), spec('db', 'slow-1.ts'), spec('e2e', 'c.ts'), spec('e2e', 'slow-3.ts')];
    expect(names(slowFirst(files, ROOT, ['slow-1.ts', 'slow-2.ts', 'slow-3.ts']))).toEqual([
      'db:slow-1.ts', 'db:slow-2.ts', 'db:a.ts', 'db:b.ts', 'e2e:slow-3.ts', 'e2e:c.ts',
    ]);
    expect(names(slowFirst(files, ROOT, []))).toEqual(names(files));
  });
});
