/**
 * `npm run bench:web`: what the front door costs a phone (issue 5, "Weight of the front door").
 *
 * 1. Route weights: the compressed JavaScript a browser receives to open each route (guest and member),
 *    as sent by the server (precompressed brotli), against the whole app's JavaScript in the same build
 *    (the baseline: what one bundle with every route would cost).
 * 2. Lighthouse 12 (mobile, simulated throttling) in Debian's Chromium on /, /login and /faq:
 *    performance and accessibility scores with FCP, LCP, TBT and CLS.
 *
 * Builds the web app into a temporary folder (production mode) and serves the real app over the
 * embedded database with the demo league. Needs /usr/bin/chromium (or CHROMIUM_PATH).
 */
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { apiUser, CHROMIUM_PATH, startApp } from '../tests/e2e/browser';
import { javascriptWeight, LANDING_JS_BUDGET } from '../tests/e2e/page-weight';

process.env.WEB_OUT_DIR ??= mkdtempSync(join(tmpdir(), 'palpite-bench-web-'));
const { webOutDir } = await import('../src/cli/web-build');

const PORT = 9335;
const server = await startApp();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [`--remote-debugging-port=${PORT}`, '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const assets = join(webOutDir(), 'assets');
const allJs = readdirSync(assets).filter((file) => file.endsWith('.js'));
const wholeApp = allJs.reduce((sum, file) => sum + (existsSync(join(assets, `${file}.br`)) ? statSync(join(assets, `${file}.br`)).size : statSync(join(assets, file)).size), 0);

console.log(`Palpite web benchmark — node ${process.version}, ${new Date().toISOString()}`);
console.log(`\nWhole app: ${allJs.length} JavaScript files, ${kb(wholeApp)} brotli (the baseline)\n`);
console.log('route                         who     files  JS received   share of the whole app');

/** A fresh phone-sized browser context (empty cache), signed in with `cookie` when given. */
async function freshContext(cookie?: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  if (cookie) await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.split('=')[0]!, value: pair.slice(pair.indexOf('=') + 1), url: server.url })));
  return context;
}

for (const route of ['/', '/login', '/register', '/request-password-reset', '/faq', '/terms', '/privacy', '/contact']) {
  const guest = await freshContext();
  const weight = await javascriptWeight(guest, `${server.url}${route}`);
  await guest.close();
  const flag = route === '/' ? (weight.bytes <= LANDING_JS_BUDGET ? '  ✔ ≤ 150 KB' : '  ✘ > 150 KB') : '';
  console.log(`${route.padEnd(30)}guest   ${String(weight.files).padStart(5)}  ${kb(weight.bytes).padStart(10)}   ${(weight.bytes / wholeApp * 100).toFixed(0).padStart(3)} %${flag}`);
}

const member = await apiUser(server, browser, 'bench_member');
const leagueId = (await server.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
const group = (await server.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: member.cookie }, payload: { name: 'Bench pool', leagueId } })).json().group as { id: string };
for (const route of ['/', '/groups', `/group/${group.id}`, `/group/${group.id}/stats`, '/profile', '/create-group']) {
  const context = await freshContext(member.cookie);
  const weight = await javascriptWeight(context, `${server.url}${route}`);
  await context.close();
  const name = route.replace(group.id, ':id');
  console.log(`${name.padEnd(30)}member  ${String(weight.files).padStart(5)}  ${kb(weight.bytes).padStart(10)}   ${(weight.bytes / wholeApp * 100).toFixed(0).padStart(3)} %`);
}
await member.context.close();

console.log('\nLighthouse 12, mobile (simulated slow 4G, 4× CPU slowdown)');
console.log('page       performance  accessibility   FCP     LCP     TBT     CLS');
for (const route of ['/', '/login', '/faq']) {
  const result = await lighthouse(`${server.url}${route}`, { port: PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  const lhr = result!.lhr;
  if (lhr.runtimeError) console.log(`${route}: Lighthouse could not measure it (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => (lhr.audits[id]?.displayValue ?? '').padEnd(8);
  console.log(`${route.padEnd(11)}${String(score('performance')).padStart(11)}  ${String(score('accessibility')).padStart(13)}   ${audit('first-contentful-paint')}${audit('largest-contentful-paint')}${audit('total-blocking-time')}${audit('cumulative-layout-shift')}`);
}

await browser.close();
await server.stop();
