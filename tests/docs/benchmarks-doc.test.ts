/**
 * docs/benchmarks.md opens with today's figures, one table per benchmark, each row naming the commit it was
 * measured on in a `Commit` column (`abc1234`, backquoted, 7–40 hex digits). This test reads those tables
 * (everything above the `## History` heading), requires at least one commit per table, and asks git
 * whether each is an ancestor of HEAD (`git merge-base --is-ancestor`): a hash mistyped, or from a branch
 * that never landed, fails here. Skipped, saying why, when git is missing or the clone is shallow (an
 * ancestor may then be absent).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = join(ROOT, 'docs', 'benchmarks.md');
const HISTORY_HEADING = /^## History\s*$/m;
const COMMIT_CELL = /`([0-9a-f]{7,40})`/g;

/** A Markdown table above the History heading: the line it starts on, its heading and its commits. */
interface FiguresTable { line: number; heading: string; commits: string[]; missingColumn: boolean }

/** Splits a Markdown table row into its cells (no escaped pipes are used in these tables). */
const cells = (row: string): string[] => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());

/** The tables of the current-figures part of `markdown` (up to `## History`), with the commits of their `Commit` column. */
function figuresTables(markdown: string): FiguresTable[] {
  const history = markdown.search(HISTORY_HEADING);
  const lines = (history === -1 ? markdown : markdown.slice(0, history)).split('\n');
  const tables: FiguresTable[] = [];
  let heading = '(before any heading)';
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.startsWith('#')) heading = text.replace(/^#+\s*/, '');
    if (!text.startsWith('|') || (i > 0 && lines[i - 1]!.startsWith('|'))) continue;
    const column = cells(text).findIndex((cell) => cell.toLowerCase() === 'commit');
    const commits: string[] = [];
    for (let j = i + 2; j < lines.length && lines[j]!.startsWith('|'); j++) {
      const cell = column === -1 ? '' : cells(lines[j]!)[column] ?? '';
      for (const match of cell.matchAll(COMMIT_CELL)) commits.push(match[1]!);
    }
    tables.push({ line: i + 1, heading, commits, missingColumn: column === -1 });
  }
  return tables;
}

/** Why git cannot answer here, or undefined when it can. */
function gitUnavailable(): string | undefined {
  try {
    const shallow = execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return shallow === 'true' ? 'the clone is shallow: an ancestor of HEAD may be missing from it' : undefined;
  } catch (error) {
    return `git cannot read this repository (${(error as Error).message.split('\n')[0]})`;
  }
}

const isAncestor = (commit: string): boolean => {
  try {
    execFileSync('git', ['merge-base', '--is-ancestor', commit, 'HEAD'], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('docs/benchmarks.md: the current figures name commits of this history', () => {
  const tables = figuresTables(readFileSync(DOC, 'utf8'));

  it('has a table for each benchmark, each with a Commit column naming at least one commit', () => {
    expect(tables.length).toBeGreaterThanOrEqual(5);
    for (const table of tables) {
      expect(table.missingColumn, `the table at line ${table.line} (${table.heading}) has no Commit column`).toBe(false);
      expect(table.commits.length, `the table at line ${table.line} (${table.heading}) names no commit`).toBeGreaterThan(0);
    }
  });

  const unavailable = gitUnavailable();
  if (unavailable) console.warn(`benchmarks-doc.test.ts: ancestry not checked, ${unavailable}`);

  it.skipIf(unavailable !== undefined)('every commit in those tables is an ancestor of HEAD', () => {
    const commits = [...new Set(tables.flatMap((table) => table.commits))];
    const strangers = commits.filter((commit) => !isAncestor(commit));
    expect(strangers, 'commits in the current-figures tables that are not ancestors of HEAD').toEqual([]);
  });
});
