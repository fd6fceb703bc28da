// What the edge servers (scripts/serve.mjs for npm start, the release's server.js) and the Next build agree on.
// /api calls can be answered by the edge without Next's router (scripts/direct-api.mts), so anything Next added to
// them must be spelled here once, for both.

/** Headers on every answer: next.config.ts gives them to Next's, the edge to the API calls it answers itself. */
export const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()' },
];

/**
 * The global under which instrumentation-node.ts publishes the API's request answerer (answerApiRequest of
 * donation-api/index.ts) once register() has opened, or tried to open, the database. Symbol.for, because Next's
 * bundle and the edge are separate module graphs in one process: only the global registry is common to both.
 */
export const DIRECT_API_FETCH = Symbol.for('rfp.donationApi.fetch');

/**
 * The global under which instrumentation-node.ts publishes the end of the API's start (database opened, migrations
 * applied, reference and demo data written): a promise of true, or false when the database could not be opened yet.
 * The edge says "Ready" once it has settled (scripts/serve.mjs).
 */
export const API_STARTED = Symbol.for('rfp.donationApi.started');

/**
 * The probes' answers while the API is not started yet (its database, migrations and demo data): /api/health says
 * the process runs, /api/ready, and any other call, that it cannot serve yet. The API gives them until its start has
 * ended (answerApiRequest, donation-api/index.ts), and the edge before the API is even loaded (scripts/direct-api.mts):
 * a probe sent in a start's first seconds went to Next's route otherwise, which waits for the whole start.
 * @param {string} version the release, as /api/health names it
 */
export function healthWhileStarting(version) {
  return Response.json({ status: 'ok', version }, { headers: { 'cache-control': 'no-store' } });
}

/** See healthWhileStarting. */
export function unavailableWhileStarting() {
  return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '5' } });
}
