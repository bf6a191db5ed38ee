// Lighthouse on the public pages and what each page downloads: `npm run bench:web`.
//
// Builds the web app (`npm run build`: the browser's files with their manifest and the server's page
// renderer, into dist/web as vite.config.ts says), copies the build
// into a temporary directory (a concurrent `npm run build` cannot swap files under a run), starts the
// real server on a fresh DATA_DIR with the demo showroom (NODE_ENV=production), and runs Lighthouse
// (mobile emulation, simulated throttling: its defaults) in Debian's Chromium on the home page, the car
// list, one car page and one blog post. Prints the four category scores, LCP / CLS / TBT, the JavaScript
// and CSS each page downloads (Lighthouse's transfer size, and gzip: as the server sends it for
// Accept-Encoding: gzip, or computed when it sends the file uncompressed), the JS files each page
// loaded with any dashboard chunk flagged (from Vite's manifest: see bench/web/chunks.ts), the audits
// that cost points, and the budget verdicts. Exit code 1 when a budget fails.
//
// Knobs: BENCH_WEB_RUNS (runs per page, median; default 1), BENCH_WEB_SKIP_BUILD=1 (reuse dist/web; it
// must have been built with --manifest), BENCH_WEB_REPORT_DIR (write each run's Lighthouse JSON there),
// CHROMIUM_PATH (default /usr/bin/chromium), BENCH_WEB_CPU_MULTIPLIER (diagnostic: replaces Lighthouse's CPU
// slowdown of 4, network model unchanged; 1 shows what the network simulation alone allows).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { ROOT } from '../test/db/server-process';
import { auditPage, CATEGORIES, type PageRun } from './web/audit';
import { readChunkMap } from './web/chunks';
import { startBenchServer } from './web/server';

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS || 1));
const SKIP_BUILD = process.env.BENCH_WEB_SKIP_BUILD === '1';
const REPORT_DIR = process.env.BENCH_WEB_REPORT_DIR || '';
const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CPU = process.env.BENCH_WEB_CPU_MULTIPLIER ? Number(process.env.BENCH_WEB_CPU_MULTIPLIER) : undefined;
const DIST = join(ROOT, 'dist/web');
const VITE_ROOT = join(ROOT, 'src/web');

const BUDGET = { performance: 95, accessibility: 95, 'best-practices': 100, seo: 100, jsKb: 150 };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

function build() {
  if (SKIP_BUILD) {
    console.log('build: skipped (BENCH_WEB_SKIP_BUILD=1), using dist/web as it is');
    return;
  }
  const started = performance.now();
  // The production build: the browser's files (with the manifest) and the server's page renderer.
  const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) {
    console.error(res.stdout, res.stderr);
    throw new Error('npm run build failed');
  }
  console.log(`build: npm run build -> dist/web in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function json(url: string) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json() as Promise<Record<string, unknown>>;
}

interface PageResult {
  path: string;
  runs: PageRun[];
  /** The run with the median performance score: its bytes and file list are printed. */
  typical: PageRun;
}

async function main() {
  build();
  const temp = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const webDir = join(temp, 'web');
  cpSync(DIST, webDir, { recursive: true });
  const chunks = readChunkMap(webDir, VITE_ROOT);
  console.log(
    `dashboard code: ${chunks.dashboardOnly.size} files reachable only from ${chunks.roots.length} dashboard routes`,
  );

  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const results: PageResult[] = [];
  try {
    const t0 = performance.now();
    server = await startBenchServer(temp, webDir);
    console.log(
      `server: ${server.base} ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (demo data)`,
    );

    const cars = (await json(`${server.base}/api/cars?page=1&pageSize=1`)) as {
      content: { carId: number }[];
    };
    const blogs = (await json(`${server.base}/api/blogs?page=1&size=1`)) as { content: { blogId: number }[] };
    if (!cars.content[0] || !blogs.content[0]) throw new Error('the demo data has no car or no blog post');
    const pages = ['/', '/cars', `/cars/${cars.content[0].carId}`, `/blogs/${blogs.content[0].blogId}`];

    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: ['--headless=new', '--no-sandbox'],
      logLevel: 'silent',
    });
    if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
    // Warm the server's caches (car list, web config, pages) so the first audited page is not the one
    // paying for them.
    for (const path of pages) await fetch(`${server.base}${path}`).then((r) => r.arrayBuffer());

    for (const path of pages) {
      const runs: PageRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        const load = loadavg()[0].toFixed(1);
        // Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART, NO_FCP): run again,
        // up to three times, and say so.
        let run: PageRun | undefined;
        for (let attempt = 1; !run; attempt++) {
          try {
            run = await auditPage(`${server.base}${path}`, chrome.port, CPU);
          } catch (err) {
            if (attempt >= 3) throw err;
            console.log(`  ${path} run ${i + 1}: ${(err as Error).message.split('\n')[0]}; trying again`);
          }
        }
        runs.push(run);
        console.log(
          `  ${path} run ${i + 1}/${RUNS}: perf ${run.scores.performance}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms (load average ${load}, Lighthouse CPU benchmark ${run.benchmarkIndex})`,
        );
        if (REPORT_DIR) {
          const name = `${path === '/' ? 'home' : path.slice(1).replace(/\W+/g, '_')}-${i + 1}.json`;
          writeFileSync(join(REPORT_DIR, name), JSON.stringify(run.lhr));
        }
      }
      const byPerf = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
      results.push({ path, runs, typical: byPerf[Math.floor((byPerf.length - 1) / 2)] });
    }
  } finally {
    await chrome?.kill();
    await server?.stop();
    rmSync(temp, { recursive: true, force: true });
  }

  // ---- the table ------------------------------------------------------------------------------------
  const rows = results.map(({ path, runs, typical }) => {
    const m = (f: (r: PageRun) => number) => median(runs.map(f));
    const js = typical.assets.filter((a) => a.type === 'js');
    const css = typical.assets.filter((a) => a.type === 'css');
    const sum = (xs: typeof js, f: (a: (typeof js)[number]) => number) => xs.reduce((n, a) => n + f(a), 0);
    return {
      path,
      perf: m((r) => r.scores.performance),
      a11y: m((r) => r.scores.accessibility),
      bp: m((r) => r.scores['best-practices']),
      seo: m((r) => r.scores.seo),
      lcp: m((r) => r.lcpMs),
      cls: m((r) => r.cls),
      tbt: m((r) => r.tbtMs),
      jsTransfer: sum(js, (a) => a.transfer),
      jsGzip: sum(js, (a) => a.gzip),
      cssTransfer: sum(css, (a) => a.transfer),
      cssGzip: sum(css, (a) => a.gzip),
      jsFiles: js.length,
      compressed: js.filter((a) => a.served === 'gzip').length,
    };
  });
  const header = [
    'page',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'LCP ms',
    'CLS',
    'TBT ms',
    'JS KB transfer',
    'JS KB gzip',
    'JS files',
    'CSS KB transfer',
    'CSS KB gzip',
  ];
  const table = rows.map((r) => [
    r.path,
    String(r.perf),
    String(r.a11y),
    String(r.bp),
    String(r.seo),
    String(Math.round(r.lcp)),
    r.cls.toFixed(3),
    String(Math.round(r.tbt)),
    kb(r.jsTransfer),
    kb(r.jsGzip),
    String(r.jsFiles),
    kb(r.cssTransfer),
    kb(r.cssGzip),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(
    `\nLighthouse 13, mobile (simulated throttling${CPU === undefined ? '' : `, CPU × ${CPU} instead of × 4: diagnostic, not the budget's setting`}), ${RUNS} run(s) per page, median; Chromium ${CHROME}`,
  );
  console.log(line(header));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const row of table) console.log(line(row));
  const sent = rows.reduce((n, r) => n + r.compressed, 0);
  const files = rows.reduce((n, r) => n + r.jsFiles, 0);
  console.log(
    `gzip: as the server sends it for Accept-Encoding: gzip (${sent} of ${files} JS files compressed; files under 1 KB go as they are, counted at their gzip size)`,
  );

  // ---- what each page loaded, dashboard chunks flagged -----------------------------------------------
  let dashboardHits = 0;
  for (const { path, typical } of results) {
    console.log(`\n${path}: JavaScript and CSS loaded`);
    for (const a of typical.assets) {
      const file = new URL(a.url).pathname.replace(/^\//, '');
      const dashboard = chunks.dashboardOnly.has(file);
      if (dashboard) dashboardHits++;
      const source = chunks.sourceOf.get(file) ?? '';
      console.log(
        `  ${dashboard ? 'DASHBOARD ' : ''}${file.padEnd(48)} ${kb(a.gzip).padStart(6)} KB gzip  ${source}`,
      );
    }
  }

  // ---- audits that cost points -----------------------------------------------------------------------
  console.log('\nAudits below full marks (median-performance run of each page):');
  for (const { path, typical } of results) {
    const shown = typical.failing;
    console.log(`${path}: ${shown.length ? '' : 'none'}`);
    for (const f of shown) {
      const score = f.score === null ? '-' : Math.round(f.score * 100);
      console.log(`  [${f.category}] ${f.id} (${score}): ${f.title}${f.detail ? ` — ${f.detail}` : ''}`);
    }
    console.log(
      `  metrics: FCP ${Math.round(typical.fcpMs)} ms, SI ${Math.round(typical.siMs)} ms, LCP element ${typical.lcpElement.slice(0, 140) || '?'}`,
    );
    if (typical.duplicates.length) console.log(`  requested twice: ${typical.duplicates.join(', ')}`);
  }

  // ---- budgets ---------------------------------------------------------------------------------------
  const verdicts: [string, boolean, string][] = [];
  const worst = (f: (r: (typeof rows)[number]) => number) => Math.min(...rows.map(f));
  const scoreRow = (
    label: string,
    budget: number,
    f: (r: (typeof rows)[number]) => number,
    exact = false,
  ) => {
    const low = rows.filter((r) => f(r) < budget);
    verdicts.push([
      `${label} ${exact ? '=' : '>='} ${budget}`,
      low.length === 0,
      low.length ? low.map((r) => `${r.path} ${f(r)}`).join(', ') : `lowest ${worst(f)}`,
    ]);
  };
  if (CPU === undefined) scoreRow('performance', BUDGET.performance, (r) => r.perf);
  else
    verdicts.push([
      `performance >= ${BUDGET.performance}`,
      false,
      `not judged: diagnostic run with CPU × ${CPU}`,
    ]);
  scoreRow('accessibility', BUDGET.accessibility, (r) => r.a11y);
  scoreRow('best practices', BUDGET['best-practices'], (r) => r.bp, true);
  scoreRow('SEO', BUDGET.seo, (r) => r.seo, true);
  const heavy = rows.filter((r) => r.jsGzip >= BUDGET.jsKb * 1024);
  verdicts.push([
    `public JS < ${BUDGET.jsKb} KB gzip`,
    heavy.length === 0,
    heavy.length
      ? heavy.map((r) => `${r.path} ${kb(r.jsGzip)} KB`).join(', ')
      : `largest ${kb(Math.max(...rows.map((r) => r.jsGzip)))} KB`,
  ]);
  verdicts.push([
    'no dashboard code on public pages',
    dashboardHits === 0,
    dashboardHits ? `${dashboardHits} dashboard file(s) loaded` : 'none loaded',
  ]);
  console.log('\nBudgets:');
  for (const [label, ok, note] of verdicts) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label}  (${note})`);
  console.log(
    `categories: ${CATEGORIES.join(', ')}; load average now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (CPU !== undefined)
    console.log(`(BENCH_WEB_CPU_MULTIPLIER=${CPU}: the performance figures are not Lighthouse's default)`);
  process.exitCode = verdicts.every(([, ok]) => ok) ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
