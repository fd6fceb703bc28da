// The reads of a page, for the page goals ("a signed-in page at most 4 × the nonce-CSP floor plus its reads"): each
// API call the page's server components make for one render (the session check, then the screen's own reads, as
// screenApi makes them), loaded alone over HTTP at one client. Inside the page those calls are made in process, not
// over HTTP: the cost of the cheapest API answer (/api/health, no session, no SQL) is taken off each one's.
import autocannon from 'autocannon';

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

/** ms per request at one client, from a run of `seconds`; throws on any answer other than 2xx. */
async function costOf(url: string, token: string | null, seconds: number): Promise<number> {
  const r = await autocannon({ url, connections: 1, duration: seconds, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (r.non2xx || r.errors || !r.requests.average) throw new Error(`${url}: ${r.non2xx} answers other than 2xx, ${r.errors} errors`);
  return 1000 / r.requests.average;
}

/** Each page's reads in ms (the sum of its calls' costs, less the HTTP of each), with the calls' own figures. */
export async function measurePageReads(base: string, token: string, reads: Record<string, string[]>, seconds: number) {
  const http = await costOf(`${base}/api/health`, null, seconds);
  const out = new Map<string, { ms: number; calls: { path: string; ms: number }[] }>();
  for (const [page, paths] of Object.entries(reads)) {
    const calls: { path: string; ms: number }[] = [];
    for (const p of paths) calls.push({ path: p, ms: Math.max(0, (await costOf(`${base}${p}`, token, seconds)) - http) });
    out.set(page, { ms: calls.reduce((s, c) => s + c.ms, 0), calls });
  }
  return { http, pages: out };
}
