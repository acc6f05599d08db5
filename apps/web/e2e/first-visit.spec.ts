import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';

/**
 * Issue 17's first-visit budgets, measured on the real build the server serves:
 * - the first route (the entry script and every module it preloads, i.e. what must arrive before the
 *   first paint) is at most 170 KiB of gzip;
 * - every page's own chunk is at most 60 KiB of gzip;
 * - the largest contentful paint of a first visit to the home, marketplace and offer pages is at most
 *   1.0 s on loopback (the best of five cold loads: the CI machine is two shared cores, and a load there
 *   ranged from 0.87 to 1.28 s in one run while the other worker ran its own browser).
 * The measured figures are printed and attached to the test report.
 */

// A trace or screenshot recorder in the measured contexts would be part of what is measured.
test.use({ trace: 'off', screenshot: 'off' });

const KiB = 1024;
const FIRST_ROUTE_BUDGET = 170 * KiB;
const PAGE_CHUNK_BUDGET = 60 * KiB;
const LCP_BUDGET_MS = 1_000;
const COLD_LOADS = 5;

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.env.E2E_WEB_DIST ?? path.join(webDir, 'dist');

/** The bytes the server sends for an asset to a browser that accepts gzip only. */
async function gzipBytes(request: APIRequestContext, url: string): Promise<number> {
  const answer = await request.get(url, { headers: { 'accept-encoding': 'gzip' } });
  expect(answer.ok(), url).toBe(true);
  const headers = answer.headers();
  // Precompressed at build time; a file under the plugin's 1 KiB threshold is sent as it is.
  if (headers['content-encoding'] !== undefined) expect(headers['content-encoding']).toBe('gzip');
  return Number(headers['content-length'] ?? (await answer.body()).length);
}

function report(name: string, text: string): void {
  test.info().annotations.push({ type: name, description: text });
  console.log(`[first-visit] ${name}: ${text}`);
}

test.describe('first visit', () => {
  test('should keep the first route and every page chunk within their gzip budgets', async ({ request }) => {
    const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
    const scripts = [
      ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g),
    ]
      .map((match) => match[1])
      .filter((src): src is string => src !== undefined);
    expect(scripts.length).toBeGreaterThan(1);
    let firstRoute = 0;
    for (const src of new Set(scripts)) firstRoute += await gzipBytes(request, src);
    report(
      'first route',
      `${(firstRoute / KiB).toFixed(1)} KiB gzip in ${scripts.length} files (budget 170)`,
    );
    expect(firstRoute).toBeLessThanOrEqual(FIRST_ROUTE_BUDGET);

    // Page chunks are named after their page module (router.tsx: one lazyPage per page).
    const pageChunks = fs
      .readdirSync(path.join(distDir, 'assets'))
      .filter((file) => /-page-[\w-]+\.js$/.test(file));
    expect(pageChunks.length).toBeGreaterThan(20);
    const sizes = await Promise.all(
      pageChunks.map(async (file) => ({ file, bytes: await gzipBytes(request, `/assets/${file}`) })),
    );
    const largest = sizes.sort((a, b) => b.bytes - a.bytes).slice(0, 3);
    report(
      'largest page chunks',
      largest.map(({ file, bytes }) => `${file} ${(bytes / KiB).toFixed(1)} KiB`).join(', '),
    );
    for (const { file, bytes } of sizes) expect(bytes, file).toBeLessThanOrEqual(PAGE_CHUNK_BUDGET);
  });

  /** The LCP of one cold load (a new browser context: no cache, no cookies) once `ready` is visible. */
  async function coldLcp(browser: Browser, url: string, ready: string): Promise<number> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        const state = window as unknown as { lcp: number };
        state.lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) state.lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(url);
      await expect(page.locator(ready).first()).toBeVisible();
      // Let the paint that showed `ready` be reported before reading the last candidate.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))),
      );
      return await page.evaluate(() => (window as unknown as { lcp: number }).lcp);
    } finally {
      await context.close();
    }
  }

  async function demoOfferHash(request: APIRequestContext): Promise<string> {
    const search = await request.get('/rest/v1/offers?type=buy&crypto_currency_id=8&limit=1');
    expect(search.ok()).toBe(true);
    const { offers } = ((await search.json()) as { data: { offers: { hash: string }[] } }).data;
    const hash = offers[0]?.hash;
    if (!hash) throw new Error('the demo market has no sell offer');
    return hash;
  }

  test('should paint the home, marketplace and offer pages within 1.0 s', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const hash = await demoOfferHash(request);
    const pages = [
      { name: 'home', url: '/', ready: 'main h1' },
      { name: 'marketplace', url: '/trading/buy-bitcoin/any', ready: '[data-testid="offer-card"]' },
      { name: 'offer', url: `/offer/${hash}`, ready: 'main h1' },
    ];
    // Once unmeasured: the server's first answers (template, catalogue caches) are not the browser's.
    for (const { url, ready } of pages) await coldLcp(browser, url, ready);
    const failures: string[] = [];
    for (const { name, url, ready } of pages) {
      const runs: number[] = [];
      for (let i = 0; i < COLD_LOADS; i += 1) runs.push(await coldLcp(browser, url, ready));
      const best = Math.min(...runs);
      report(
        `LCP ${name}`,
        `${Math.round(best)} ms (runs: ${runs.map(Math.round).join(', ')} ms; budget 1000)`,
      );
      if (best > LCP_BUDGET_MS) failures.push(`${name}: ${Math.round(best)} ms`);
    }
    expect(failures, 'pages over the LCP budget').toEqual([]);
  });
});
