/**
 * Builds the web app once before the browser files start (they run two at a time: each would otherwise
 * find the build stale and write dist/web at the same moment).
 */
import { buildWebIfNeeded } from '../../src/cli/web-build';

/** Vitest's global setup for the e2e project. */
export default async function setup(): Promise<void> {
  await buildWebIfNeeded();
}
