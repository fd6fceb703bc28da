// bench:http's month-end scenario (BENCH_PARTS=month-end): a program's food banks' staff arriving to report their
// month, beside the program's staff on their screens and an export now and then, on each database of BENCH_TARGETS
// (PostgreSQL: BENCH_MONTH_END_DATABASE_URL, dropped and made anew). The data (scripts/bench-http-month-end-support.ts):
// BENCH_MONTH_END_BRANCHES food banks (default 500) with bench:api's donations, three staff each,
// BENCH_MONTH_END_PROGRAM_STAFF program administrators (20). The app runs as users get it (npm start) on
// BENCH_MONTH_END_PORT (3700).
//
// A staff session is the HTTP a browser sends for it: the sign-in (CSRF token, credentials), Monthly Reports `/`, the
// month page, three times the add form, the create and the gas-figure refresh through /bff as the form sends them and
// the month page again, then the submit through /bff and the month's four reads it refreshes. Pages are loaded as
// documents, where the app often follows a link with an RSC request of the same render instead: a document costs the
// server at least as much, so the figures err on the high side. Static files are left out (the browser and the service
// worker keep them after the first visit). Sessions start at a fixed rate whatever the answers (open loop), for
// BENCH_SECONDS at each rate of BENCH_MONTH_END_RATES (1,2,4 a second; 0 runs the program's staff alone), with
// BENCH_MONTH_END_THINK seconds (1) between a person's steps: a month end compressed into seconds, where the arrival
// rate sets the load. Session j goes to food bank j mod N and to the month floor(j / N) before the current one, so no
// session finds its month already submitted. Program staff go round `/program`, `/program/year` and
// `/program/totals`, BENCH_MONTH_END_PROGRAM_PAUSE seconds (5) on each; every BENCH_MONTH_END_EXPORT_EVERY seconds (5)
// one of them downloads the program's month or a food bank's year, CSV or XLSX. The capacity printed at the end
// assumes one program's 1,500 sessions over BENCH_MONTH_END_DAYS (3) × BENCH_MONTH_END_HOURS (8), the busiest hour
// BENCH_MONTH_END_PEAK (3) times the average.
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { ENV_DEFAULTS } from '../donation-api/env';
import { formatCalendarDate, todayCalendarDate } from '../lib/domain/dates';
import { lastMonth } from '../lib/domain/program-oversight';
import { log, root, sessionCookie, start, waitFor } from './bench-http-support';
import { call, cpuMeter, monthEndData, PASSWORD, STAFF_PER_BRANCH, type MonthEndData } from './bench-http-month-end-support';
import { quantile } from './bench-support';

const env = (name: string, fallback: number) => Number(process.env[`BENCH_MONTH_END_${name}`] ?? fallback);
const BRANCHES = env('BRANCHES', 500);
const PROGRAM_STAFF = env('PROGRAM_STAFF', 20);
const RATES = (process.env.BENCH_MONTH_END_RATES ?? '1,2,4').split(',').map(Number);
const THINK_MS = env('THINK', 1) * 1000;
const PROGRAM_PAUSE_MS = env('PROGRAM_PAUSE', 5) * 1000;
const EXPORT_EVERY_MS = env('EXPORT_EVERY', 5) * 1000;
const PORT = env('PORT', 3700);
const PG_URL = process.env.BENCH_MONTH_END_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rfp_bench_month_end';
// One program's month end, whatever the scale run: 500 food banks × 3 staff arriving over its last working days.
const PROGRAM_SESSIONS = 500 * STAFF_PER_BRANCH;
const DAYS = env('DAYS', 3);
const HOURS = env('HOURS', 8);
// The busiest hour against the average hour of those days (the last afternoon before the deadline).
const PEAK = env('PEAK', 3);
const GOAL_MS = 500;
const TODAY = todayCalendarDate(new Date(), process.env.APP_TIME_ZONE || ENV_DEFAULTS.APP_TIME_ZONE);

const SESSION_STEPS = [
  'sign in (CSRF token, credentials)',
  'page `/` (Monthly Reports)',
  'page month',
  'page add form',
  'POST /bff create',
  'POST /bff update-ghg',
  'page month after a save',
  'POST /bff submit',
  "the month's 4 reads after the submit",
];
const PROGRAM_SCREENS = ['/program', '/program/year', '/program/totals'];
// The month `/program` opens on, as its export buttons send it.
const SHOWN = lastMonth(TODAY);
const EXPORTS = [
  {
    label: "export: the program's month (CSV)",
    path: () => `/bff/program/oversight/export?year=${SHOWN.year}&month=${SHOWN.month}&format=csv&lang=en`,
  },
  {
    label: "export: the program's month (XLSX)",
    path: () => `/bff/program/oversight/export?year=${SHOWN.year}&month=${SHOWN.month}&format=xlsx&lang=en`,
  },
  { label: "export: a food bank's year (CSV)", path: (b: string) => `/bff/donation/export?branchId=${b}&year=${TODAY.year}` },
  { label: "export: a food bank's year (XLSX)", path: (b: string) => `/bff/donation/export?branchId=${b}&year=${TODAY.year}&format=xlsx` },
];

type Stat = { times: number[]; errors: number; firstError?: string };
type Steps = Map<string, Stat>;
type RateResult = { rate: number; sessions: number; aborted: number; wallMs: number; cpu: { app: number; db: number }; steps: Steps };
type Ctx = { base: string; data: MonthEndData; next: number; programCookies: string[]; window: Steps };

const sleep = (ms: number, stop?: Promise<void>) =>
  Promise.race([new Promise<void>((r) => setTimeout(r, Math.max(0, ms))), ...(stop ? [stop] : [])]);
type Halt = { stopped: boolean; wait: Promise<void>; stop: () => void };
/** Tells the program's staff and exports to stop: `wait` ends their pause at once. */
function stopSignal(): Halt {
  let end = () => undefined as void;
  const halt: Halt = { stopped: false, wait: new Promise<void>((r) => (end = r)), stop: () => ((halt.stopped = true), end()) };
  return halt;
}

/**
 * Times each step into the steps of the window it ends in; a failed step is counted and thrown on, which ends the
 * session that took it.
 */
function recorder(window: () => Steps) {
  const stat = (label: string) => {
    const steps = window();
    const s = steps.get(label) ?? { times: [], errors: 0 };
    return (steps.set(label, s), s);
  };
  return async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      const value = await fn();
      stat(label).times.push(performance.now() - t0);
      return value;
    } catch (err) {
      const s = stat(label);
      s.errors++;
      s.firstError ??= err instanceof Error ? err.message : String(err);
      throw err;
    }
  };
}
type Step = ReturnType<typeof recorder>;

const page = (base: string, cookie: string, p: string) => call(`${base}${p}`, { headers: { cookie, accept: 'text/html' } });
const bff = (base: string, cookie: string, p: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`${base}${p}`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Staff session j (see the top of this file). */
async function session(ctx: Ctx, j: number, step: Step) {
  const { base, data } = ctx;
  const round = Math.floor(j / BRANCHES);
  const s = data.staff[(round % STAFF_PER_BRANCH) * BRANCHES + (j % BRANCHES)];
  const [year, month] = [TODAY.year, TODAY.month - round];
  const date = formatCalendarDate(round === 0 ? TODAY : { year, month, day: 28 });
  const monthPath = `/donations/${year}/${month}`;
  const cookie = await step(SESSION_STEPS[0]!, () => sessionCookie(base, s!.username, PASSWORD, '/'));
  await step(SESSION_STEPS[1]!, () => page(base, cookie, '/'));
  await sleep(THINK_MS);
  await step(SESSION_STEPS[2]!, () => page(base, cookie, monthPath));
  for (let i = 0; i < 3; i++) {
    await sleep(THINK_MS);
    await step(SESSION_STEPS[3]!, () =>
      page(base, cookie, `/donations/add?year=${year}&month=${month}&from=${encodeURIComponent(monthPath)}`),
    );
    await sleep(THINK_MS);
    // The body the form sends: every category, two of them with a share.
    const categories = data.categoryIds.map((categoryId, k) => ({ categoryId, fraction: k === 0 ? 0.6 : k === 1 ? 0.4 : 0 }));
    const body = {
      branchId: s!.branchId,
      date,
      storeId: s!.storeId,
      source: 0,
      weight: 12.5 + i,
      weightUnit: 0,
      categories,
      createdBy: s!.email,
    };
    const saved = await step(SESSION_STEPS[4]!, () =>
      bff(base, cookie, `/bff/branch/${s!.branchId}/donations`, body, { 'idempotency-key': randomUUID() }),
    );
    const { id } = JSON.parse(saved.toString()) as { id: string };
    await step(SESSION_STEPS[5]!, () => bff(base, cookie, '/bff/donation/update-ghg', [id]));
    await step(SESSION_STEPS[6]!, () => page(base, cookie, monthPath));
  }
  await sleep(THINK_MS);
  const submit = { branchId: s!.branchId, year, month, comments: null, userContact: s!.email };
  await step(SESSION_STEPS[7]!, () => bff(base, cookie, '/bff/branch/submit', submit));
  const reads = ['donations', 'campaigndonations', '', 'month-summary'].map((what) =>
    what ? `/bff/branch/${s!.branchId}/${what}/${year}/${month}` : `/bff/branch/${s!.branchId}/${year}/${month}/submitted`,
  );
  await step(SESSION_STEPS[8]!, () => Promise.all(reads.map((p) => call(`${base}${p}`, { headers: { cookie } }))));
}

/** Program staff i going round their screens until halted, starting at their own screen and moment. */
async function programStaff(ctx: Ctx, i: number, halt: Halt, step: Step) {
  await sleep((i * PROGRAM_PAUSE_MS) / ctx.programCookies.length, halt.wait);
  for (let k = i; !halt.stopped; k++) {
    const screen = PROGRAM_SCREENS[k % PROGRAM_SCREENS.length];
    await step(`program \`${screen}\``, () => page(ctx.base, ctx.programCookies[i]!, screen!)).catch(() => undefined);
    await sleep(PROGRAM_PAUSE_MS, halt.wait);
  }
}

/** One export every EXPORT_EVERY_MS until halted, whether the last has ended or not. */
async function exports(ctx: Ctx, halt: Halt, step: Step) {
  const running: Promise<unknown>[] = [];
  for (let k = 0; !halt.stopped; k++) {
    const e = EXPORTS[k % EXPORTS.length];
    const branchId = ctx.data.staff[(k * 7919) % BRANCHES]!.branchId;
    const url = `${ctx.base}${e!.path(branchId)}&downloadToken=${randomBytes(16).toString('hex')}`;
    running.push(step(e!.label, () => call(url, { headers: { cookie: ctx.programCookies[0]! } })).catch(() => undefined));
    await sleep(EXPORT_EVERY_MS, halt.wait);
  }
  await Promise.all(running);
}

/** Sessions arriving at `rate` a second for `seconds`; the window lasts until the last has ended. */
async function atRate(ctx: Ctx, rate: number, seconds: number, meter: ReturnType<typeof cpuMeter>): Promise<RateResult> {
  const steps: Steps = (ctx.window = new Map());
  const step = recorder(() => steps);
  const mark = meter.mark();
  const t0 = performance.now();
  const n = Math.round(rate * seconds);
  let aborted = 0;
  const sessions: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    await sleep(t0 + (i * 1000) / rate - performance.now());
    sessions.push(session(ctx, ctx.next++, step).catch(() => void aborted++));
  }
  await sleep(t0 + seconds * 1000 - performance.now());
  await Promise.all(sessions);
  const wallMs = performance.now() - t0;
  return { rate, sessions: n, aborted, wallMs, cpu: meter.since(mark), steps };
}

/** The scenario on one database: data, server, a warm-up, then each rate. */
async function onTarget(target: string, dist: string, seconds: number): Promise<RateResult[]> {
  const needed = 1 + RATES.reduce((sum, r) => sum + Math.round(r * seconds), 0);
  if (needed > BRANCHES * TODAY.month)
    throw new Error(`month end: ${needed} sessions need more unsubmitted months than ${BRANCHES} food banks have this year`);
  const data = await monthEndData(target, PG_URL, BRANCHES, PROGRAM_STAFF);
  const base = `http://localhost:${PORT}`;
  const serverEnv = { NEXT_DIST_DIR: dist, NEXTAUTH_URL: base, LOG_LEVEL: 'warn', PORT: String(PORT), ...data.env };
  const stop = start(process.execPath, [path.join(root, 'scripts', 'start.mjs')], serverEnv);
  const meter = cpuMeter(stop.pid, data.dbName);
  const halt = stopSignal();
  const beside: Promise<void>[] = [];
  try {
    await waitFor(`${base}/login`);
    const ctx: Ctx = { base, data, next: 0, programCookies: [], window: new Map() };
    for (const username of data.program) ctx.programCookies.push(await sessionCookie(base, username, PASSWORD, '/program'));
    // Warm-up, not counted: one session, each program screen and each export once.
    const uncounted = recorder(() => new Map());
    await session(ctx, ctx.next++, uncounted);
    for (const screen of PROGRAM_SCREENS) await page(base, ctx.programCookies[0]!, screen);
    for (const e of EXPORTS) await call(`${base}${e.path(data.staff[0]!.branchId)}`, { headers: { cookie: ctx.programCookies[0]! } });
    // The program's staff and exports go on through every window (each counts what ends in it), from one round of
    // their screens before the first, so that every window finds them at their steady pace.
    const step = recorder(() => ctx.window);
    beside.push(...data.program.map((_, i) => programStaff(ctx, i, halt, step)), exports(ctx, halt, step));
    await sleep(PROGRAM_PAUSE_MS);
    const results: RateResult[] = [];
    for (const rate of RATES) {
      log(`month end, ${target}: ${rate} sessions/s for ${seconds} s`);
      results.push(await atRate(ctx, rate, seconds, meter));
    }
    return results;
  } finally {
    halt.stop();
    await Promise.all(beside);
    meter.stop();
    await stop();
    await data.cleanup();
  }
}

const inGoal = (label: string) => !label.startsWith('export');
/** Whether every step but the downloads has a p95 under the goal and nothing failed. */
const meets = (r: RateResult) =>
  r.aborted === 0 && [...r.steps].every(([label, s]) => s.errors === 0 && (!inGoal(label) || quantile(s.times, 0.95) < GOAL_MS));

function printTarget(target: string, results: RateResult[], seconds: number) {
  const db = target === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n### Month end on ${db}: ${BRANCHES} food banks, ${PROGRAM_STAFF} program staff, sessions arriving for ${seconds} s at each rate\n`,
  );
  console.log(`| step | ${results.map((r) => `${r.rate}/s: n, p50 / p95 / max ms, errors`).join(' | ')} |`);
  console.log(`|---|${results.map(() => '---:').join('|')}|`);
  const labels = [...SESSION_STEPS, ...PROGRAM_SCREENS.map((s) => `program \`${s}\``), ...EXPORTS.map((e) => e.label)];
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
  for (const label of labels) {
    const cells = results.map((r) => {
      const s = r.steps.get(label);
      if (!s) return '–';
      const t = s.times;
      const cell = `${t.length}, ${f(quantile(t, 0.5))} / ${f(quantile(t, 0.95))} / ${f(Math.max(...t))}`;
      return s.errors ? `${cell}, **${s.errors}** (${s.firstError})` : `${cell}, 0`;
    });
    console.log(`| ${label}${inGoal(label) ? '' : ' (not in the goal)'} | ${cells.join(' | ')} |`);
  }
  const row = (label: string, cell: (r: RateResult) => string) => console.log(`| ${label} | ${results.map(cell).join(' | ')} |`);
  const cpuS = (r: RateResult) => (r.cpu.app + r.cpu.db) / 1000;
  row('sessions (ended early)', (r) => `${r.sessions} (${r.aborted})`);
  row('window: first arrival to last answer', (r) => `${(r.wallMs / 1000).toFixed(1)} s`);
  row(
    `server CPU${target === 'postgres' ? ': app + PostgreSQL' : ''}`,
    (r) => `${cpuS(r).toFixed(1)} s${target === 'postgres' ? ` (${(r.cpu.app / 1000).toFixed(1)} + ${(r.cpu.db / 1000).toFixed(1)})` : ''}`,
  );
  row('cores busy (CPU ÷ window)', (r) => (cpuS(r) / (r.wallMs / 1000)).toFixed(2));
  row('CPU per session (all of it ÷ sessions)', (r) => (r.sessions ? `${((cpuS(r) * 1000) / r.sessions).toFixed(0)} ms` : '–'));
  // With rate 0 run, the program's staff and exports alone: what a session adds above their CPU rate.
  const alone = results.find((r) => r.rate === 0);
  if (alone) {
    const above = (r: RateResult) => ((cpuS(r) - (cpuS(alone) * r.wallMs) / alone.wallMs) * 1000) / r.sessions;
    row('CPU per session above the program staff alone', (r) => (r.sessions ? `${above(r).toFixed(0)} ms` : '–'));
  }
  row(`every step's p95 under ${GOAL_MS} ms, no error`, (r) => (meets(r) ? 'yes' : '**no**'));
}

/** How many programs' month ends one server like this carries: from the highest rate met, with every lower one. */
function printCapacity(all: Map<string, RateResult[]>) {
  const average = PROGRAM_SESSIONS / (DAYS * HOURS * 3600);
  const peak = average * PEAK;
  console.log(
    `\nOne program's month end: ${PROGRAM_SESSIONS} staff sessions over ${DAYS} working days × ${HOURS} h, ` +
      `${average.toFixed(4)} a second on average; the busiest hour at ${PEAK} × that, ${peak.toFixed(3)} a second.`,
  );
  for (const [target, results] of all) {
    let best: RateResult | undefined;
    for (const r of results.filter((x) => x.rate > 0).sort((x, y) => x.rate - y.rate)) {
      if (!meets(r)) break;
      best = r;
    }
    const db = target === 'postgres' ? 'PostgreSQL' : 'PGlite';
    console.log(
      best
        ? `- ${db}: the goal met up to ${best.rate} sessions a second → one server carries ${Math.floor(best.rate / peak)} ` +
            `programs' month ends at their peak, measured beside one program's ${PROGRAM_STAFF} program staff and exports ` +
            `(that many programs would bring that many times those).`
        : `- ${db}: the lowest rate did not meet the goal.`,
    );
  }
  console.log(`\nToday in the app's time zone: ${formatCalendarDate(TODAY)}.`);
}

/** The month-end scenario on each target; prints its tables and the capacity. */
export async function monthEnd(opts: { dist: string; seconds: number; targets: string[] }) {
  const all = new Map<string, RateResult[]>();
  for (const target of opts.targets) all.set(target, await onTarget(target, opts.dist, opts.seconds));
  for (const [target, results] of all) printTarget(target, results, opts.seconds);
  printCapacity(all);
}
