// What every HTTP server of the app (scripts/serve.mjs for npm start, the release's server.js, npm run api) does
// to each connection and request before the app sees it. Node 24 runs this file as it is (type annotations only).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Above the idle timeout of the usual reverse proxies and load balancers (nginx upstream keepalive_timeout 60 s,
 * AWS ALB 60 s): with Node's default of 5 s the app closed idle connections the proxy still believed open, and the
 * proxy's next request on one of them failed with a 502. headersTimeout must be above keepAliveTimeout (Node's rule).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const HEADERS_TIMEOUT_MS = 66_000;

/**
 * The largest body a page request (anything Next renders or runs as a server action) may carry. The app's only
 * server actions (lib/i18n/actions.ts) send a language code, and its forms post to /api and /bff; Next itself buffers
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
