// What every HTTP server of the app (scripts/serve.mjs for npm start, the release's server.js, npm run api) does
// to each connection and request before the app sees it. Node 24 runs this file as it is (type annotations only).
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';

/**
 * Above the idle timeout of the usual reverse proxies and load balancers (nginx upstream keepalive_timeout 60 s,
 * AWS ALB 60 s): with Node's default of 5 s the app closed idle connections the proxy still believed open, and the
 * proxy's next request on one of them failed with a 502. headersTimeout must be above keepAliveTimeout (Node's rule).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const HEADERS_TIMEOUT_MS = 66_000;

/**
 * The largest body a page request (anything Next renders or runs as a server action) may carry. The app's only
 * server actions (web/i18n/actions.ts) send a language code, and its forms post to /api and /bff; Next itself buffers
 * up to 10 MB of any page request for its proxy (proxy.ts) before anything could refuse it, so the edge refuses a
 * larger one from its Content-Length, before reading a byte of it.
 */
export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;

/** Paths whose handlers read their own bodies under their own limits: the API (256 KiB, 413) and the BFF (limited-body.ts). */
const OWN_BODY_LIMIT = /^\/(api|bff)\//;

export function tuneServer(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  return server;
}

/**
 * An answer written before the request's body was read to its end (a 413 on its Content-Length, a refusal that did
 * not need the body) closes the connection. Otherwise the answer said keep-alive while the unread body was still
 * coming: @hono/node-server drains it for 500 ms and then destroys the socket, and a client that reused the
 * connection for its next request got a socket error (UND_ERR_SOCKET with Node's fetch).
 * `stopping` makes every answer close its connection, so that a server that is stopping drains.
 */
export function closeAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse, stopping: () => boolean): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete) lingerOnClose(req);
    if (!req.complete || stopping()) this.shouldKeepAlive = false;
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/** How long a connection answered before its body arrived keeps reading that body before it is closed anyway. */
const LINGER_MS = 5_000;

/**
 * A lingering close (nginx's lingering_close) for a connection answered before its body was read. Node closes such
 * a connection as soon as the answer is written (`destroySoon`); the client is often still sending its body, and the
 * kernel answers bytes that arrive at a closed socket with a reset, so the client's next write failed (EPIPE) and it
 * could lose the answer, a 413 it had been sent in full. Here the answer is sent and the sending side closed (FIN),
 * and what the client still sends is read and thrown away until it closes its side, or LINGER_MS has passed.
 */
function lingerOnClose(req: IncomingMessage): void {
  const socket = req.socket as Socket & { lingering?: true };
  if (socket.lingering) return;
  socket.lingering = true;
  let closing = false;
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (closing) return;
    closing = true;
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    // Node's HTTP parser still reads the socket into the request. Whatever read the body (Hono's request stream)
    // has given up on it and pauses it once its queue is full, which would stop the socket too: the body now flows
    // to nowhere. Once the client has sent its last byte and closed its side, the socket closes itself.
    req.removeAllListeners('data');
    req.on('data', () => undefined);
    req.resume();
  };
}

function refuse(res: ServerResponse, status: number, code: string, message: string): true {
  res.shouldKeepAlive = false;
  res
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', connection: 'close' })
    .end(JSON.stringify({ code, message }));
  return true;
}

/**
 * Refuses a page request's body that is too large (413) or has no declared length (411: without one, Next would read
 * up to 10 MB to find out), from its headers alone. Answers true when it has answered.
 */
export function refuseLargePageBody(req: IncomingMessage, res: ServerResponse, limit = PAGE_BODY_LIMIT_BYTES): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || OWN_BODY_LIMIT.test(req.url ?? '')) return false;
  const length = req.headers['content-length'];
  if (length === undefined) {
    if (req.headers['transfer-encoding'] === undefined) return false;
    return refuse(res, 411, 'LENGTH_REQUIRED', 'A page request with a body must give its Content-Length.');
  }
  if (Number(length) <= limit) return false;
  return refuse(res, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
}

type PageLog = { info: (obj: object, msg: string) => void; debug: (obj: object, msg: string) => void };

/**
 * One line per request the edge hands to Next (pages, the BFF, next-auth, static files), with its status and time,
 * as the API writes one per call. Next's build files are logged at debug only: a page load fetches dozens.
 */
export function logPageRequest(log: PageLog, req: IncomingMessage, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  res.once('close', () => {
    const path = req.url?.split('?')[0] ?? '';
    const line = {
      requestId: req.headers['x-request-id'],
      method: req.method,
      path,
      status: res.statusCode,
      durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (path.startsWith('/_next/')) log.debug(line, 'page');
    else log.info(line, 'page');
  });
}

/** Paths that are no page: the API and next-auth (/api), the BFF, Next's own files. */
const NOT_A_PAGE = /^\/(api|bff|_next)(\/|$)/;

function holdsBadEscape(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/** The host a request was sent to, as Next reads it for its server actions' origin check. */
function requestHost(req: IncomingMessage): string | undefined {
  const forwarded = req.headers['x-forwarded-host'];
  return (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]!.trim() || req.headers.host;
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Requests no screen of the app makes, refused before Next, which answered each with a 500 and an error in the log:
 * - a path whose escapes are not UTF-8 (`%FF`, a lone `%`, an encoded surrogate `%ED%A0%80`, an overlong `%C0%AF`):
 *   Next fails to decode it before any route runs. 400, as the API answers the same path (MALFORMED_URL); /api paths
 *   are the API's own (scripts/direct-api.mts);
 * - to a page, a request with a body that is no server action (no Next-Action header): the app's forms post to /api
 *   and /bff, its server actions are called by its own script, and Next read a multipart body as a server action
 *   sent by a form without JavaScript. 405 with Allow: GET, HEAD;
 * - a server action sent from another origin: Next refuses it too, but as a 500. 403;
 * - a server action that is none of the build's (`actions`, from serverActionIds): Next answers it 404 too, but
 *   first writes the error to its log ("Failed to find Server Action", or for an empty id "Invariant: Missing
 *   'next-action' header. This is a bug in Next.js."). 404 with Next's own marker header, which the page of an
 *   older release reads as Next's answer.
 * Answers true when it has answered.
 */
export function refuseMalformedRequest(
  req: IncomingMessage,
  res: ServerResponse,
  actions?: () => ReadonlySet<string> | undefined,
): boolean {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.startsWith('/api/') && holdsBadEscape(path)) {
    return refuse(res, 400, 'MALFORMED_URL', 'The address of the request holds a malformed percent-encoding (such as %FF).');
  }
  if (NOT_A_PAGE.test(path) || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  if (req.method !== 'POST' || req.headers['next-action'] === undefined) {
    res.setHeader('allow', 'GET, HEAD');
    return refuse(res, 405, 'METHOD_NOT_ALLOWED', 'A page is only read (GET); forms send their data to the API.');
  }
  const origin = req.headers.origin;
  if (origin !== undefined && originHost(origin) !== requestHost(req)) {
    return refuse(res, 403, 'CSRF', 'Cross-site request refused.');
  }
  const known = actions?.();
  const id = req.headers['next-action'];
  if (known && !(typeof id === 'string' && known.has(id))) {
    res.shouldKeepAlive = false;
    res.writeHead(404, {
      'content-type': 'text/plain',
      'cache-control': 'no-store',
      'x-nextjs-action-not-found': '1',
      connection: 'close',
    });
    res.end('Server action not found.');
    return true;
  }
  return false;
}

/**
 * The ids of the build's server actions (`server/server-reference-manifest.json` of the build folder), read once, on
 * first use: undefined while the folder has no build (the check is then Next's).
 */
export function serverActionIds(buildDir: string): () => ReadonlySet<string> | undefined {
  let ids: Set<string> | undefined;
  return () => {
    if (ids) return ids;
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, 'server', 'server-reference-manifest.json'), 'utf8')) as {
        node?: Record<string, unknown>;
        edge?: Record<string, unknown>;
      };
      ids = new Set([...Object.keys(manifest.node ?? {}), ...Object.keys(manifest.edge ?? {})]);
      return ids;
    } catch {
      return undefined;
    }
  };
}
