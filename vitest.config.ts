import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/slow-first-sequencer';

/**
 * Test projects: `unit` (pure code: domain, contracts, provider parsing; the checks of docs/ against
 * the repository, tests/docs; the test order, tests/slow-first-sequencer.ts), `db` (the HTTP API and services over a real database: PGlite, or PostgreSQL
 * when TEST_DATABASE_URL is set) and `e2e` (browser journeys in Chromium). `npm test` runs these three.
 * `sweeps` (`npm run test:sweeps`, run by .ci/run) holds the browser's sweeps of every screen (layout in three
 * languages, guards for four kinds of person); `reliability` (`npm run test:reliability`, run by .ci/run) the long proofs: fuzzing, crash
 * safety, deadline races, shutdown.
 *
 * The functional projects run the embedded database without flushing each commit to the disk
 * (EMBEDDED_FSYNC=false, inherited by the servers they start): a flush per commit, and a flush of the
 * whole filesystem per new data folder, cost minutes over the suite on a busy 2-core machine. Durability
 * has its own tests (src/server/db/durable-pglite.test.ts) and the reliability project keeps it on.
 */
/** The browser files of the `sweeps` project (below), not of `e2e`. */
const SWEEPS = ['tests/e2e/narrow-screens.test.ts', 'tests/e2e/group-tabs.test.ts', 'tests/e2e/guard-sweep.test.ts'];

/** What the two browser projects (`e2e`, `sweeps`) share: Chromium files, two at a time, the web app built first. */
const BROWSER = {
  maxWorkers: 2,
  // Polls in the browser files get 10 s, not 1 s: on a loaded machine a list still fading in can take
  // longer than a second to settle.
  expect: { poll: { timeout: 10_000 } },
  env: { TZ: 'UTC', EMBEDDED_FSYNC: 'false' },
  testTimeout: 180_000,
  hookTimeout: 300_000,
  globalSetup: ['tests/e2e/global-setup.ts'],
};

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    // Three workers on this 2-core machine (Vitest's default keeps one core free: that ran every file one
    // after another). Database files wait at times (the auth routes' 500 ms answer floors, processes
    // starting): a third worker fills those waits (unit + db 300 → 246 s). The browser files have their own
    // group and count (below).
    maxWorkers: 3,
    // The files that run longest start first, also on a clone that never ran them (tests/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          // One module graph per worker (the files are pure and restore their fake timers): a fresh one per
          // file cost 7 s of the suite for ~40 small files.
          isolate: false,
          include: ['src/domain/**/*.test.ts', 'src/contracts/**/*.test.ts', 'src/web/**/*.test.ts', 'src/server/providers/**/*.test.ts', 'tests/docs/**/*.test.ts', 'tests/*.test.ts'],
          env: { TZ: 'UTC', EMBEDDED_FSYNC: 'false' },
        },
      },
      {
        test: {
          name: 'db',
          include: ['src/server/**/*.test.ts', 'src/cli/**/*.test.ts'],
          exclude: ['src/server/providers/**'],
          // One module graph per worker, not per file: importing the server (Fastify, Better Auth, Drizzle,
          // PGlite) anew for each of ~60 files cost two minutes of the suite's CPU. Files share modules, not
          // state: each builds its own app over its own database and closes what it started (a timer left
          // running fires during the next file: shared-rate-limit.test.ts closes its stores for that reason).
          isolate: false,
          env: { TZ: 'UTC', EMBEDDED_FSYNC: 'false' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/db/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: SWEEPS,
          // After the other projects. Three at a time saved ~40 s of the suite, but under that load
          // admin-fixtures.test.ts missed toasts (they show for 4 s) in one run of three.
          sequence: { groupOrder: 1 },
          ...BROWSER,
        },
      },
      {
        test: {
          // The exhaustive sweeps (every screen and every group tab, in three languages, at phone and
          // desktop widths; every route against the guards for four kinds of person, with axe): run by
          // .ci/run after `npm test` (`npm run test:sweeps`), kept out of it so that it stays within its 10
          // minutes on a 2-core machine.
          name: 'sweeps',
          include: SWEEPS,
          ...BROWSER,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
