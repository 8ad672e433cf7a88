/**
 * Page weight benchmark (`npm run bench pageWeight`). Debian's Chromium loads pages of the built console from a
 * real gateway (one user, a few nodes), each load in a fresh browser context so nothing comes from the cache,
 * and reports the median of 5 loads of:
 *  1. the login page (/web/login), signed out;
 *  2. the Servers page (/web/cluster/localhost/nodes), signed in.
 * For each: the JavaScript requested before the load event (bytes as sent, Brotli where the browser accepts it; raw; and gzip), all JavaScript
 * requested by the time the page's content shows, the largest contentful paint, and the total blocking time
 * (the time past 50 ms of every long task until the page shows and the network is quiet; no CPU throttling).
 * The baseline, measured in the same run and served the same way by a second gateway, is a page of React and
 * ReactDOM rendering one heading, built here by vite; every figure is also given as a ratio to it.
 * Aim: the login page's JavaScript before the load event ≤ 150 kB gzip.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { chromiumLaunch } from '../../../e2e/chromium';
import { percentile } from '../../gateway/bench/stats';
import { startGateway, type TestGateway } from '../../gateway/test/harness';
import { operatorRole } from '../../gateway/test/servers/fixtures';
import { precompress } from '../dev/precompress';

const root = path.resolve(import.meta.dirname, '../../..');
const webDist = path.join(root, 'packages/web/dist');
const loads = 5;
const aimGzipBytes = 150_000;

/** What the browser reports about one load. */
interface Load {
  /** URLs of the scripts requested before the load event, with the bytes as sent (body, before decoding). */
  beforeLoad: { url: string; sent: number }[];
  /** The same, for every script requested by the time the page showed. */
  byReady: { url: string; sent: number }[];
  lcp: number;
  tbt: number;
}

/** Registered before any script of the page runs, so no long task or paint is missed. */
const observers = () => {
  const w = window as unknown as { pageWeight: { lcp: number; tbt: number } };
  w.pageWeight = { lcp: 0, tbt: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.pageWeight.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.pageWeight.tbt += Math.max(0, e.duration - 50);
  }).observe({ type: 'longtask', buffered: true });
};

async function loadOnce(browser: Browser, url: string, ready: (page: Page) => Promise<void>, cookie?: { name: string; value: string }): Promise<Load> {
  const context = await browser.newContext();
  try {
    // The whole origin's cookie, as the gateway sets it: the API under /v1 needs it besides the page.
    if (cookie) await context.addCookies([{ ...cookie, url: new URL(url).origin }]);
    const page = await context.newPage();
    await page.addInitScript(observers);
    await page.goto(url, { waitUntil: 'load' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const seen = await page.evaluate(() => ({
      loadEventStart: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => new URL(r.name).pathname.endsWith('.js'))
        .map((r) => ({ url: r.name, sent: r.encodedBodySize, startTime: r.startTime })),
      ...(window as unknown as { pageWeight: { lcp: number; tbt: number } }).pageWeight,
    }));
    const pick = (scripts: typeof seen.scripts) => scripts.map(({ url, sent }) => ({ url, sent }));
    return { beforeLoad: pick(seen.scripts.filter((s) => s.startTime < seen.loadEventStart)), byReady: pick(seen.scripts), lcp: seen.lcp, tbt: seen.tbt };
  } finally {
    await context.close();
  }
}

const gzipped = new Map<string, { raw: number; gzip: number }>();

/** Raw and gzip sizes of a script, fetched again outside the browser (the figure the aim is stated in, whatever encoding the gateway chose). */
async function sizes(url: string): Promise<{ raw: number; gzip: number }> {
  let s = gzipped.get(url);
  if (!s) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    s = { raw: body.length, gzip: gzipSync(body).length };
    gzipped.set(url, s);
  }
  return s;
}

interface Figures {
  files: number;
  sent: number;
  raw: number;
  gzip: number;
  readyGzip: number;
  readyFiles: number;
  lcp: number;
  tbt: number;
}

async function measure(browser: Browser, url: string, ready: (page: Page) => Promise<void>, cookie?: { name: string; value: string }): Promise<Figures> {
  // One load first, unmeasured, so the gateway's first-request costs land on no figure.
  await loadOnce(browser, url, ready, cookie);
  const runs: Figures[] = [];
  for (let i = 0; i < loads; i++) {
    const load = await loadOnce(browser, url, ready, cookie);
    const total = async (scripts: { url: string; sent: number }[]) => {
      const all = await Promise.all(scripts.map((s) => sizes(s.url)));
      return { sent: scripts.reduce((a, s) => a + s.sent, 0), raw: all.reduce((a, s) => a + s.raw, 0), gzip: all.reduce((a, s) => a + s.gzip, 0) };
    };
    const before = await total(load.beforeLoad);
    const byReady = await total(load.byReady);
    runs.push({ files: load.beforeLoad.length, ...before, readyGzip: byReady.gzip, readyFiles: load.byReady.length, lcp: load.lcp, tbt: load.tbt });
  }
  const median = (k: keyof Figures) => percentile(runs.map((r) => r[k]), 50);
  return { files: median('files'), sent: median('sent'), raw: median('raw'), gzip: median('gzip'), readyGzip: median('readyGzip'), readyFiles: median('readyFiles'), lcp: median('lcp'), tbt: median('tbt') };
}

/** Newest modification time under a directory, skipping dependencies, build output and benchmarks. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'bench'].includes(entry.name)) continue;
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

/** Builds the console unless its dist is newer than every source it is built from. */
function buildConsoleIfStale() {
  let built = 0;
  try {
    built = statSync(path.join(webDist, 'index.html')).mtimeMs;
  } catch {
    // Not built yet.
  }
  const sources = Math.max(...['web', 'design', 'shared', 'console-kit'].map((p) => newest(path.join(root, 'packages', p))));
  if (built > sources) return;
  console.log('   building the console (npm run build -w @portcullis/web)');
  const res = spawnSync('npm', ['run', 'build', '-w', '@portcullis/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`the console build exited with ${res.status}`);
}

/** The baseline page: React and ReactDOM rendering one heading, built for production under the same /web/ base. */
async function buildBaseline(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pageweight-baseline-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>Baseline</title></head>\n<body><div id="app"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
  writeFileSync(
    path.join(dir, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('app')).render(createElement('h1', null, 'Portcullis'));\n",
  );
  // The page lives outside the repository, so React is resolved from the console's own dependencies.
  const require = createRequire(path.join(root, 'packages/web/package.json'));
  await build({
    configFile: false,
    root: dir,
    base: '/web/',
    logLevel: 'warn',
    // Served as the console is: with the Brotli and gzip copies its build writes.
    plugins: [precompress()],
    resolve: {
      alias: [
        { find: /^react$/, replacement: require.resolve('react') },
        { find: /^react-dom\/client$/, replacement: require.resolve('react-dom/client') },
      ],
    },
    build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
  });
  return dir;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (v: number) => `${v.toFixed(0)} ms`;
const ratio = (value: number, base: number) => (base > 0 ? `×${(value / base).toFixed(2)}` : `+${value.toFixed(0)} over 0`);

function report(title: string, f: Figures, base: Figures) {
  console.log(title);
  console.log(`   JS before the load event: ${f.files} files, ${kB(f.sent)} as sent, ${kB(f.raw)} raw, ${kB(f.gzip)} gzip (baseline ${kB(base.gzip)} gzip; ${ratio(f.gzip, base.gzip)})`);
  console.log(`   JS by the time the page shows: ${f.readyFiles} files, ${kB(f.readyGzip)} gzip (baseline ${kB(base.readyGzip)}; ${ratio(f.readyGzip, base.readyGzip)})`);
  console.log(`   largest contentful paint: ${ms(f.lcp)} (baseline ${ms(base.lcp)}; ${ratio(f.lcp, base.lcp)})`);
  console.log(`   total blocking time: ${ms(f.tbt)} (baseline ${ms(base.tbt)}; ${ratio(f.tbt, base.tbt)})`);
}

async function main() {
  buildConsoleIfStale();
  const baselineDir = await buildBaseline();
  const gateways: TestGateway[] = [];
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const gw = await startGateway({ config: { webDir: webDist } });
    gateways.push(gw);
    const baseGw = await startGateway({ config: { webDir: path.join(baselineDir, 'dist') } });
    gateways.push(baseGw);
    await gw.createRole(operatorRole);
    const user = await gw.signIn({ roles: ['servers-operator'] });
    for (let i = 0; i < 5; i++) {
      const res = await user.post('/v1/webapi/sites/localhost/nodes', { hostname: `bench-node-${i}`, addr: `10.0.0.${i + 1}:22`, labels: { env: 'test' } });
      if (res.status !== 200) throw new Error(`node ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    const heading = (name: string) => async (page: Page) => page.getByRole('heading', { name }).waitFor();

    const baseline = await measure(browser, `${baseGw.url}/web/`, heading('Portcullis'));
    console.log(`Baseline (React + ReactDOM, one heading): ${kB(baseline.gzip)} gzip JS, LCP ${ms(baseline.lcp)}, TBT ${ms(baseline.tbt)}; median of ${loads} loads`);
    const login = await measure(browser, `${gw.url}/web/login`, heading('Sign in to Portcullis'));
    report(`1. Login page, median of ${loads} cold loads`, login, baseline);
    const servers = await measure(
      browser,
      `${gw.url}/web/cluster/localhost/nodes`,
      async (page) => page.getByText('bench-node-4', { exact: true }).waitFor(),
      { name: 'grv_session', value: user.sessionSecret! },
    );
    report(`2. Servers page, signed in, 5 nodes, median of ${loads} cold loads`, servers, baseline);
    console.log(`Aim: login JS before the load event ≤ ${kB(aimGzipBytes)} gzip: ${login.gzip <= aimGzipBytes ? 'met' : 'not met'} (${kB(login.gzip)})`);
  } finally {
    await browser.close();
    for (const g of gateways) await g.close();
    rmSync(baselineDir, { recursive: true, force: true });
  }
}

await main();
