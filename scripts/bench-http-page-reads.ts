// The reads of a page, for the page goals ("a signed-in page at most 4 × the nonce-CSP floor plus its reads"): each
// API call the page's server components make for one render (the session check, then the screen's own reads, as
// screenApi makes them), loaded alone over HTTP at one client. Inside the page those calls are made in process, not
// over HTTP: the cost of the cheapest API answer (/api/health, no session, no SQL) is taken off each one's.
import autocannon from 'autocannon';
import { groupCpuMs } from './bench-http-support';

type Cost = { ms: number; cpuMs: number };

/** What `/` and the month page read, in the order their components ask (see each component's screenApi calls). */
export function pageReads(branchId: string, year: number, month: number): Record<string, string[]> {
  const branch = `/api/branch/${branchId}`;
  return {
    'page / (Monthly Reports)': [
      '/api/user/session',
      `/api/donation/donationyears?appSource=bot&branchId=${branchId}`,
      `${branch}/donations/${year}/aggregate`,
      `${branch}/year-summary/${year}`,
    ],
    'page /donations/{year}/{month}': [
      '/api/user/session',
      `${branch}/donations/${year}/${month}`,
      `${branch}/campaigndonations/${year}/${month}`,
      `${branch}/${year}/${month}/submitted`,
      `${branch}/month-summary/${year}/${month}`,
      `${branch}/partner-queries?year=${year}&month=${month}`,
    ],
  };
}

/**
 * ms per request at one client, from a run of `seconds`, and the server's CPU time per request (its process group
 * `server`); throws on any answer other than 2xx.
 */
async function costOf(url: string, token: string | null, seconds: number, server: number): Promise<Cost> {
  const cpu0 = groupCpuMs(server);
  const r = await autocannon({ url, connections: 1, duration: seconds, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (r.non2xx || r.errors || !r.requests.total) throw new Error(`${url}: ${r.non2xx} answers other than 2xx, ${r.errors} errors`);
  return { ms: 1000 / r.requests.average, cpuMs: (groupCpuMs(server) - cpu0) / r.requests.total };
}

/** Each page's reads (the sum of its calls' costs, less the HTTP of each), with the calls' own figures. */
export async function measurePageReads(base: string, token: string, reads: Record<string, string[]>, seconds: number, server: number) {
  const http = await costOf(`${base}/api/health`, null, seconds, server);
  const out = new Map<string, Cost & { calls: (Cost & { path: string })[] }>();
  for (const [page, paths] of Object.entries(reads)) {
    const calls: (Cost & { path: string })[] = [];
    for (const p of paths) {
      const c = await costOf(`${base}${p}`, token, seconds, server);
      calls.push({ path: p, ms: Math.max(0, c.ms - http.ms), cpuMs: Math.max(0, c.cpuMs - http.cpuMs) });
    }
    const sum = (k: keyof Cost) => calls.reduce((s, c) => s + c[k], 0);
    out.set(page, { ms: sum('ms'), cpuMs: sum('cpuMs'), calls });
  }
  return { http, pages: out };
}
