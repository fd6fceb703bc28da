// The x-forwarded-for rewrite of scripts/serve.mjs, apart so a test can run it (Node 24 runs this file as it is:
// type annotations only, no other TypeScript syntax).
import { randomUUID } from 'node:crypto';

/**
 * Headers of an incoming request as the app must see them. hops = TRUSTED_PROXY_HOPS: with 0 nothing the client
 * wrote survives (x-forwarded-for is the socket's address, x-forwarded-proto goes); with N the socket's address is
 * appended as a proxy would, and the reader trusts the entry N places from the right.
 * `headers` is changed in place.
 */
export function rewriteForwardedFor(
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string | undefined,
  hops: number,
): Record<string, string | string[] | undefined> {
  const socket = socketAddress ?? 'unknown';
  const prior = headers['x-forwarded-for'];
  if (hops > 0 && prior) {
    headers['x-forwarded-for'] = `${Array.isArray(prior) ? prior.join(', ') : prior}, ${socket}`;
  } else {
    headers['x-forwarded-for'] = socket;
    if (hops <= 0) delete headers['x-forwarded-proto'];
  }
  return headers;
}

type Listener = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;

/**
 * For the release folder's `node server.js`: Next's own standalone server keeps a client-sent x-forwarded-for as it
 * is (it only fills the header in when absent), so the forged left part would be what the API reads. This makes
 * every HTTP server created afterwards run rewriteForwardedFor (and ensureRequestId) before its own request listener,
 * in the same tick, exactly as `npm start` (scripts/serve.mjs) does. `answerFirst` (the direct /api path,
 * scripts/direct-api.mts) then gets the request; when it answers (true), the server's own listener never sees it.
 */
export function rewriteOnEveryServer(
  http: typeof import('node:http'),
  hops: number,
  answerFirst: (...args: Parameters<Listener>) => boolean = () => false,
): void {
  const create = http.createServer as (...args: unknown[]) => import('node:http').Server;
  const edge = (req: import('node:http').IncomingMessage) => {
    rewriteForwardedFor(req.headers, req.socket.remoteAddress, hops);
    ensureRequestId(req.headers, randomUUID);
  };
  http.createServer = function (this: unknown, ...args: unknown[]) {
    // Next passes its listener to createServer: wrapped, so a request answered first never reaches it.
    const at = args.findIndex((a) => typeof a === 'function');
    if (at >= 0) {
      const own = args[at] as Listener;
      args[at] = function (this: unknown, ...[req, res]: Parameters<Listener>) {
        edge(req);
        if (!answerFirst(req, res)) own.call(this, req, res);
      };
    }
    const server = create.apply(this, args);
    // A listener added later (server.on('request')) still gets rewritten headers, though nothing is answered first.
    if (at < 0) server.prependListener('request', edge);
    return server;
  } as typeof http.createServer;
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Every request gets an x-request-id at the edge: the reverse proxy's (nginx's $request_id) when it is a plain token,
 * else a new one, so a page's internal API calls and the API's log lines share one id (web/server/logger.ts).
 */
export function ensureRequestId(headers: Record<string, string | string[] | undefined>, newId: () => string): string {
  const given = headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : newId();
  headers['x-request-id'] = id;
  return id;
}
