import 'server-only';

/**
 * The x-forwarded-for chain as `npm start` (scripts/serve.mjs) or the release's `node server.js`
 * (scripts/release-server.mts) rewrote it, for the API's per-address limits: its last entry is the socket's
 * address, and the API reads the entry TRUSTED_PROXY_HOPS places from the right, the one the outermost trusted proxy
 * wrote (tests/deploy/forwarded-for.test.ts). Next's own server alone would keep what the client sent.
 */
export function requestAddressHeaders(request: Request): Record<string, string> | undefined {
  const xff = request.headers.get('x-forwarded-for');
  return xff ? { 'x-forwarded-for': xff.slice(0, 1000) } : undefined;
}
