/**
 * The landing page's weight budget (issue 5): a guest opening / receives at most 150 KB of compressed
 * JavaScript in total, precompressed at build and sent as it is. A size, not a time: it does not vary
 * with the machine.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, type RunningApp, useBrowserApp } from './browser';
import { javascriptWeight, LANDING_JS_BUDGET } from './page-weight';

const withChromium = hasChromium();

describe.runIf(withChromium)('browser: landing page weight', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  it('sends a guest at most 150 KB of compressed JavaScript for /, as precompressed brotli', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const weight = await javascriptWeight(context, server.url);
    await context.close();
    expect(weight.encodings).toEqual(['br']);
    expect(weight.bytes).toBeLessThanOrEqual(LANDING_JS_BUDGET);
    // Lazily loaded screens (charts, forms, the group page) stay out of it.
    expect(weight.files).toBeLessThan(20);
  });
});
