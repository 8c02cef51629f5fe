/**
 * `npm run bench:web`: what the front door costs a phone.
 *
 * 1. Route weights: the compressed JavaScript a browser receives to open each route (guest and member,
 *    each in a fresh context: an empty cache), as sent by the server (precompressed brotli), against the
 *    whole app's JavaScript in the same build (the baseline: what one bundle with every route would cost).
 *    The budgets: the landing page (a guest's /) ≤ 130 KB, every signed-in page ≤ 180 KB. The run fails
 *    (exit code 1) when a page is over its budget.
 * 2. Lighthouse 12 (mobile, simulated throttling) in Debian's Chromium on /, /login and a group page
 *    (signed in): performance and accessibility scores with FCP, LCP, TBT and CLS, against the goal of
 *    95 (on a quiet machine: the scores move with the machine's load, the weights do not).
 *
 * Builds the web app into a temporary folder (production mode) and serves the real app over the
 * embedded database with the demo league. Needs /usr/bin/chromium (or CHROMIUM_PATH).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { addCookieHeader, apiUser, CHROMIUM_ARGS, CHROMIUM_PATH, startApp } from '../tests/e2e/browser';
import { javascriptWeight, LANDING_JS_BUDGET, MEMBER_JS_BUDGET } from '../tests/e2e/page-weight';

process.env.WEB_OUT_DIR ??= mkdtempSync(join(tmpdir(), 'palpite-bench-web-'));
const { webOutDir } = await import('../src/cli/web-build');

const PORT = 9335;
/** Lighthouse's goal for performance and accessibility, per page. */
const LIGHTHOUSE_GOAL = 95;
const server = await startApp();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const assets = join(webOutDir(), 'assets');
const allJs = readdirSync(assets).filter((file) => file.endsWith('.js'));
const wholeApp = allJs.reduce((sum, file) => sum + (existsSync(join(assets, `${file}.br`)) ? statSync(join(assets, `${file}.br`)).size : statSync(join(assets, file)).size), 0);

console.log(`Palpite web benchmark — node ${process.version}, ${new Date().toISOString()}`);
console.log(`\nWhole app: ${allJs.length} JavaScript files, ${kb(wholeApp)} brotli (the baseline)\n`);
console.log('route                         who     files  JS received   share of the whole app   budget');

/** A fresh phone-sized browser context (empty cache), signed in with `cookie` when given. */
async function freshContext(cookie?: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  if (cookie) await addCookieHeader(context, cookie, server.url);
  return context;
}

const over: string[] = [];
/** One row of the table; `budget` in bytes, or null for a route without one. */
function row(route: string, who: 'guest' | 'member', weight: { files: number; bytes: number }, budget: number | null) {
  const verdict = budget === null ? '' : weight.bytes <= budget ? `✔ ≤ ${kb(budget)}` : `✘ > ${kb(budget)}`;
  if (budget !== null && weight.bytes > budget) over.push(`${who} ${route}: ${kb(weight.bytes)} > ${kb(budget)}`);
  console.log(`${route.padEnd(30)}${who.padEnd(8)}${String(weight.files).padStart(5)}  ${kb(weight.bytes).padStart(10)}   ${(weight.bytes / wholeApp * 100).toFixed(0).padStart(3)} %                  ${verdict}`);
}

for (const route of ['/', '/login', '/register', '/request-password-reset', '/faq', '/terms', '/privacy', '/contact']) {
  const guest = await freshContext();
  const weight = await javascriptWeight(guest, `${server.url}${route}`);
  await guest.close();
  row(route, 'guest', weight, route === '/' ? LANDING_JS_BUDGET : null);
}

const member = await apiUser(server, browser, 'bench_member');
const leagueId = (await server.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
const group = (await server.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: member.cookie }, payload: { name: 'Bench pool', leagueId } })).json().group as { id: string };
for (const route of ['/', '/groups', `/group/${group.id}`, `/group/${group.id}/stats`, '/profile', '/create-group', '/join-group']) {
  const context = await freshContext(member.cookie);
  const weight = await javascriptWeight(context, `${server.url}${route}`);
  await context.close();
  row(route.replace(group.id, ':id'), 'member', weight, MEMBER_JS_BUDGET);
}
await member.context.close();
await browser.close();

// Lighthouse drives a browser of its own (a persistent profile: its pages share the member's cookies).
console.log(`\nLighthouse 12, mobile (simulated slow 4G, 4× CPU slowdown); goal ≥ ${LIGHTHOUSE_GOAL}`);
console.log('page          performance  accessibility   FCP     LCP     TBT     CLS');
const profile = mkdtempSync(join(tmpdir(), 'palpite-bench-lighthouse-'));
const audited = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`] });
const below: string[] = [];
for (const [label, route, cookie] of [['/', '/', null], ['/login', '/login', null], ['/group/:id', `/group/${group.id}`, member.cookie]] as const) {
  await audited.clearCookies();
  if (cookie) await addCookieHeader(audited, cookie, server.url);
  const result = await lighthouse(`${server.url}${route}`, { port: PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  const lhr = result!.lhr;
  if (lhr.runtimeError) console.log(`${label}: Lighthouse could not measure it (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => (lhr.audits[id]?.displayValue ?? '').padEnd(8);
  for (const category of ['performance', 'accessibility']) if (score(category) < LIGHTHOUSE_GOAL) below.push(`${label} ${category} ${score(category)}`);
  console.log(`${label.padEnd(14)}${String(score('performance')).padStart(11)}  ${String(score('accessibility')).padStart(13)}   ${audit('first-contentful-paint')}${audit('largest-contentful-paint')}${audit('total-blocking-time')}${audit('cumulative-layout-shift')}`);
}
await audited.close();
rmSync(profile, { recursive: true, force: true });
await server.stop();

if (below.length > 0) console.log(`\nBelow the Lighthouse goal (machine-dependent, not failing the run): ${below.join('; ')}`);
if (over.length > 0) {
  console.log(`\nOver budget: ${over.join('; ')}`);
  process.exitCode = 1;
} else {
  console.log('\nEvery page within its budget.');
}
