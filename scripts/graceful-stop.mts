// How a server of the app stops on SIGTERM or SIGINT (scripts/serve.mjs, the release's server.js, npm run api).
// It used to close the database at once while the server still accepted requests, so for a few seconds every call
// answered 500 "PGlite is closed". Now: stop accepting, let the requests in flight finish, answer 503 to any request
// that still arrives on a kept-alive connection, then close the database, then exit; all within a bound.
// Node 24 runs this file as it is (type annotations only).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';

/**
 * The global the donation API (donation-api/index.ts) hands its closing function to, instead of closing on the
 * signal itself, when an edge server owns the stop. Symbol.for: Next's bundle and the edge are separate module graphs.
 */
export const STOP_HOOK = Symbol.for('rfp.edge.onStop');

/** Requests in flight get this long to finish (orchestrators wait 10 s by default before SIGKILL, Docker too). */
export const STOP_TIMEOUT_MS = 10_000;
/** Then closing the database gets this long before the process exits anyway. */
const CLOSE_TIMEOUT_MS = 3_000;

/**
 * How long the stop lets requests already sent on kept-alive connections be read before it closes the connections
 * that are still idle. Closing them in the signal's own turn of the event loop (http's close does) dropped requests
 * that had arrived but were not read yet, the event loop being busy (on the embedded database, with queries): the
 * kernel answers a socket closed with unread data with a reset, so a request sent before the signal lost its answer.
 * Read now, each is answered, or refused 503 with Connection: close (refuseWhileStopping).
 */
const IDLE_GRACE_MS = 250;
const netClose = net.Server.prototype.close;

/** Closes the server's idle connections once the requests already received have been read, and each that goes idle. */
function closeIdleSoon(server: Server) {
  const timer = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
  timer.unref();
}

type StopLog = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
type Stopper = {
  /** True once a stop signal has arrived. */
  stopping: () => boolean;
  /** Answers 503 (Retry-After, Connection: close) while stopping; answers true when it has answered. */
  refuseWhileStopping: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** A server to close on stop (the edge's own, or Next's standalone one). */
  addServer: (server: Server) => void;
  /** Something to close after the servers (the database, Next): run in the order added. */
  onClosed: (close: () => Promise<unknown> | unknown) => void;
  stop: (signal: string) => Promise<void>;
};

export function createStopper(log: StopLog, { timeoutMs = STOP_TIMEOUT_MS, exit = (code: number) => process.exit(code) } = {}): Stopper {
  const servers = new Set<Server>();
  const closers: (() => Promise<unknown> | unknown)[] = [];
  let stopping = false;

  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      // Stops accepting (net's close: http's own would also close the idle connections at once, below). Busy
      // connections close after their answer, which closeAfterEarlyAnswer (edge-guards.mts) marks Connection: close
      // while stopping; the callback runs once every connection has closed.
      netClose.call(server, () => resolve());
      closeIdleSoon(server);
    });

  const withinMs = <T,>(ms: number, work: Promise<T>) =>
    Promise.race([work.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);

  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal, timeoutMs }, 'stopping: no new connections; finishing the requests in flight');
    const drained = await withinMs(timeoutMs, Promise.all([...servers].map(closeServer)));
    if (!drained) {
      log.warn({ signal, timeoutMs }, 'stopping: requests still running after the time allowed, closing their connections');
      for (const server of servers) server.closeAllConnections();
    }
    for (const close of closers) {
      const closed = await withinMs(
        CLOSE_TIMEOUT_MS,
        Promise.resolve()
          .then(close)
          .catch((err: unknown) => log.warn({ err }, 'stopping: closing failed')),
      );
      if (!closed) log.warn({ signal }, 'stopping: closing did not finish in time');
    }
    log.info({ signal, durationMs: Date.now() - started }, 'stopped');
    exit(0);
  }

  (globalThis as Record<symbol, unknown>)[STOP_HOOK] = (close: () => Promise<unknown>) => closers.push(close);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));

  return {
    stopping: () => stopping,
    refuseWhileStopping(_req, res) {
      if (!stopping) return false;
      res.shouldKeepAlive = false;
      res
        .writeHead(503, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
          'retry-after': '5',
          connection: 'close',
        })
        .end(JSON.stringify({ status: 'unavailable' }));
      return true;
    },
    addServer: (server) => void servers.add(server),
    onClosed: (close) => void closers.push(close),
    stop,
  };
}
