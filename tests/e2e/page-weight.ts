/**
 * What a page costs to open: the JavaScript files a browser fetched for it, with the bytes it received
 * for each (compressed as sent) — the measure behind the budgets (the landing page ≤ 130 KB of compressed
 * JavaScript in total, a signed-in page ≤ 180 KB) and the route weights recorded by `npm run bench:web`.
 */
import type { BrowserContext, Response } from 'playwright-core';

/** The landing page's budget of compressed JavaScript, in bytes (a guest opening /). */
export const LANDING_JS_BUDGET = 130 * 1024;
/** A signed-in page's budget of compressed JavaScript, in bytes (home, my groups, a group, its stats, the profile…). */
export const MEMBER_JS_BUDGET = 180 * 1024;

/** A page's JavaScript: files fetched and bytes received (compressed), and the encoding the server chose. */
export interface PageWeight {
  files: number;
  bytes: number;
  encodings: string[];
}

/**
 * Opens `url` in a new page of `context`, waits until the network is idle, and adds up the JavaScript
 * it fetched.
 */
export async function javascriptWeight(context: BrowserContext, url: string): Promise<PageWeight> {
  const page = await context.newPage();
  const seen: Promise<{ bytes: number; encoding: string }>[] = [];
  const onResponse = (response: Response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    seen.push((async () => ({
      bytes: (await response.request().sizes()).responseBodySize,
      encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
    }))());
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  // What arrives later is not counted (and its sizes would be asked of a closed page).
  page.off('response', onResponse);
  const files = await Promise.all(seen);
  await page.close();
  return {
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    encodings: [...new Set(files.map((file) => file.encoding))],
  };
}
