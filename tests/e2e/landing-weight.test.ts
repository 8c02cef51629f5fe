/**
 * The front door's weight budgets: a guest opening / receives at most 130 KB of compressed JavaScript in
 * total, precompressed at build and sent as it is; a signed-in person opening their home, their groups,
 * a group, its stats, their profile or the create-group form at most 180 KB. Sizes, not times: they do
 * not vary with the machine (`npm run bench:web` prints them for every route). And a group page's data
 * is asked for with the page (server/http/preload-hints.ts), once.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addCookieHeader, apiUser, hasChromium, type RunningApp, useBrowserApp } from './browser';
import { javascriptWeight, LANDING_JS_BUDGET, MEMBER_JS_BUDGET } from './page-weight';

const withChromium = hasChromium();

describe.runIf(withChromium)('browser: page weight', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  it('sends a guest at most 130 KB of compressed JavaScript for /, as precompressed brotli', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const weight = await javascriptWeight(context, server.url);
    await context.close();
    expect(weight.encodings).toEqual(['br']);
    expect(weight.bytes).toBeLessThanOrEqual(LANDING_JS_BUDGET);
    // Lazily loaded screens (charts, forms, the group page) stay out of it.
    expect(weight.files).toBeLessThan(20);
  });

  it('sends a signed-in person at most 180 KB for each of their main pages', async () => {
    const member = await apiUser(server, browser, 'weighed');
    const leagueId = (await server.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
    const group = (await server.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: member.cookie }, payload: { name: 'Weighed pool', leagueId } })).json().group as { id: string };
    await member.context.close();
    const over: string[] = [];
    for (const route of ['/', '/groups', `/group/${group.id}`, `/group/${group.id}/stats`, '/profile', '/create-group']) {
      // A fresh context each time: an empty cache, as on a first visit.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
      await addCookieHeader(context, member.cookie, server.url);
      const weight = await javascriptWeight(context, `${server.url}${route}`);
      await context.close();
      if (weight.bytes > MEMBER_JS_BUDGET) over.push(`${route}: ${(weight.bytes / 1024).toFixed(1)} KB`);
    }
    expect(over).toEqual([]);
  });

  it("starts a signed-in person's group page style sheet, reads, code and texts with the page itself (Link preloads), and fetches each once", async () => {
    const member = await apiUser(server, browser, 'preloaded');
    const leagueId = (await server.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
    const group = (await server.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: member.cookie }, payload: { name: 'Preloaded pool', leagueId } })).json().group as { id: string };
    await member.context.close();
    // The texts named are those of the browser's language (Accept-Language, as the app reads navigator.languages).
    for (const [locale, language, heading] of [['en-US', 'en', /Matchday|Round/], ['pt-BR', 'pt-BR', /Rodada/], ['es-AR', 'es', /Jornada/]] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
      await addCookieHeader(context, member.cookie, server.url);
      const page = await context.newPage();
      const reads: string[] = [];
      const files: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') && request.method() === 'GET') reads.push(`${url.pathname}${url.search}`);
        if (/\.(js|css)$/.test(url.pathname)) files.push(url.pathname);
      });
      const warnings: string[] = [];
      page.on('console', (message) => { if (/preload/i.test(message.text())) warnings.push(message.text()); });
      const navigation = await page.goto(`${server.url}/group/${group.id}`);
      const link = navigation?.headers().link ?? '';
      await page.getByRole('heading', { name: 'Preloaded pool' }).waitFor();
      await page.getByText(heading).first().waitFor();
      const firstScreen = ['/api/auth/get-session?disableCookieCache=true', '/api/me', `/api/groups/${group.id}`, `/api/groups/${group.id}/matches`,
        `/api/groups/${group.id}/ranking?page=1`, '/api/groups', `/api/groups/${group.id}/matchday-winners`];
      // Named in the page's own answer, so the browser asks before the app's code runs…
      for (const read of firstScreen) expect(link).toContain(`<${read}>; rel=preload; as=fetch; crossorigin`);
      // …and the app's fetches find them: each asked for once, none warned about as unused or mismatched.
      for (const read of firstScreen) expect(reads.filter((seen) => seen === read), read).toHaveLength(1);
      // The style sheet first of all, then the screen's code (modulepreload, from the build's manifest): the group
      // screen's file and the texts of the browser's language among them (the start-up texts and the game's), every file fetched once.
      expect(link).toMatch(/^<\/assets\/index-[\w-]+\.css>; rel=preload; as=style; crossorigin, /);
      const code = [...link.matchAll(/<([^>]+)>; rel=modulepreload/g)].map((match) => match[1]!);
      expect(code.some((file) => /^\/assets\/group-[\w-]+\.js$/.test(file))).toBe(true);
      expect(code.filter((file) => new RegExp(`^/assets/(${language}|texts-play-${language})-[\\w-]+\\.js$`).test(file))).toHaveLength(2);
      expect(code.filter((file) => /^\/assets\/(en|es|pt-BR|texts-\w+-(en|es|pt-BR))-[\w-]+\.js$/.test(file))).toHaveLength(2);
      for (const file of code) expect(files.filter((seen) => seen === file), file).toHaveLength(1);
      expect(files.length).toBe(new Set(files).size);
      // A preload never used is warned about a few seconds after the load event (Chromium: 3 s).
      await page.waitForLoadState('load');
      await page.waitForTimeout(3_500);
      expect(warnings).toEqual([]);
      await context.close();
    }
    // A guest's pages carry no hint (nothing of theirs to read).
    const guest = await fetch(`${server.url}/group/${group.id}`);
    expect(guest.headers.get('link')).toBeNull();
    // The hint depends on the cookie and the language: no shared cache may hand one visitor's to another.
    expect(guest.headers.get('vary')).toMatch(/Cookie, Accept-Language/);
  });
});
