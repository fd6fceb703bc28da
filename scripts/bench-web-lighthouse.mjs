// Lighthouse 12 for bench:web (scripts/bench-web.mjs): mobile performance and accessibility of one page, run through
// npx with Debian's Chromium, and the median of several runs (a single score moves by 5 to 10 points from run to run).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function lighthouse(url, cookieHeader, { chromePath, chromeArgs, log }) {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const lhArgs = [
    '-y',
    'lighthouse@12',
    url,
    `--chrome-path=${chromePath}`,
    `--chrome-flags=--headless=new ${chromeArgs.join(' ')}`,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
  ];
  lhArgs.push(...(process.env.BENCH_LIGHTHOUSE_FLAGS ?? '').split(' ').filter(Boolean));
  if (cookieHeader) lhArgs.push(`--extra-headers=${JSON.stringify({ Cookie: cookieHeader })}`);
  const r = spawnSync('npx', lhArgs, { encoding: 'utf8', env: { ...process.env, CHROME_PATH: chromePath }, timeout: 180_000 });
  if (r.status !== 0 || !fs.existsSync(out)) {
    log(`lighthouse failed for ${url}: ${(r.stderr || '').split('\n').slice(-3).join(' ')}`);
    return null;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  // BENCH_LIGHTHOUSE_KEEP=<folder> keeps every report there, to read what a score is made of (long tasks, scripts).
  if (process.env.BENCH_LIGHTHOUSE_KEEP) {
    fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_KEEP, { recursive: true });
    fs.copyFileSync(
      out,
      path.join(process.env.BENCH_LIGHTHOUSE_KEEP, `${new URL(url).pathname.replace(/\W+/g, '_')}-${path.basename(out)}`),
    );
  }
  fs.rmSync(out, { force: true });
  const c = report.categories;
  return {
    // Lighthouse's own measure of the machine it ran on: its simulated phone is this machine slowed 4 times, so
    // scores from machines with different indexes are not comparable (Lighthouse's docs/throttling.md).
    benchmarkIndex: report.environment?.benchmarkIndex,
    lcpElement: lcpElementOf(report),
    performance: Math.round(c.performance.score * 100),
    accessibility: Math.round(c.accessibility.score * 100),
    lcp: report.audits['largest-contentful-paint']?.displayValue,
    // What the score is made of, so a low one says where to look.
    detail: ['first-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift']
      .map(
        (id) =>
          `${id
            .split('-')
            .map((w) => w[0].toUpperCase())
            .join('')} ${report.audits[id]?.displayValue ?? '–'}`,
      )
      .join(', '),
  };
}

/** The largest contentful paint's element and how its time splits (Lighthouse's LCP phases), for a page whose
 * LCP is late: which element it is says whether the wait is the data, a script or the paint. */
function lcpElementOf(report) {
  // Two tables: the element, then the phases.
  const rows = (report.audits['largest-contentful-paint-element']?.details?.items ?? []).flatMap((t) => t.items ?? []);
  const node = rows.find((i) => i.node)?.node;
  const phases = rows
    .filter((i) => i.phase && typeof i.timing === 'number')
    .map((i) => `${i.phase} ${Math.round(i.timing)} ms`)
    .join(', ');
  if (!node) return null;
  const what = (node.snippet ?? node.selector ?? '').replace(/\s+/g, ' ').slice(0, 120);
  return phases ? `${what} (${phases})` : what;
}

/** The median of the machine's benchmark index over every Lighthouse run of a bench:web run, and its range. */
export function hostIndex(runs) {
  const v = runs
    .map((r) => r.benchmarkIndex)
    .filter((x) => typeof x === 'number')
    .sort((a, b) => a - b);
  if (v.length === 0) return null;
  return { median: Math.round(v[Math.floor((v.length - 1) / 2)]), min: Math.round(v[0]), max: Math.round(v.at(-1)) };
}

/** `runs` Lighthouse runs of one page, one after the other: the median run by performance score, with every score. */
export function medianRun(url, cookieHeader, opts) {
  const runs = Array.from({ length: opts.runs }, () => lighthouse(url, cookieHeader, opts)).filter(Boolean);
  if (runs.length === 0) return null;
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], scores: runs.map((r) => r.performance).join(', '), runs };
}
