/**
 * axe-core in the browser tests: injects axe into the page and returns its serious and critical
 * violations (rule id, impact and the first offending elements), for an assertion of none.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A violation worth failing a test for. */
export interface SeriousViolation { id: string; impact: string; targets: string[] }

/** Runs axe on the page as it is now; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<SeriousViolation[]> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src 'self') stays on.
  // Once per document: a second check of the same page (after a resize) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', targets: v.nodes.slice(0, 3).map((n) => String(n.target[0])) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
