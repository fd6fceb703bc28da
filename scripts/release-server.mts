// The release folder's server.js (bundled by scripts/package.mjs): Next's standalone server, renamed
// next-server.js, started after every HTTP server is made to rewrite x-forwarded-for from the socket as `npm start`
// does (TRUSTED_PROXY_HOPS: 0 = nothing in front, N = N trusted reverse proxies; see scripts/forwarded-for.mts), and
// to answer /api calls with the API directly once Next's register() has published it (scripts/direct-api.mts).
import './check-node.mjs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createLogger } from '../donation-api/logger';
import { APP_VERSION } from '../donation-api/version';
import { directApiListener } from './direct-api.mts';
import {
  closeAfterEarlyAnswer,
  logPageRequest,
  refuseLargePageBody,
  refuseMalformedRequest,
  serverActionIds,
  tuneServer,
} from './edge-guards.mts';
import { loadEnvFiles } from './env-files.mjs';
import { listenProblem } from './listen-problem.mjs';
import { rewriteOnEveryServer } from './forwarded-for.mts';
import { createStopper } from './graceful-stop.mts';

// The release folder's .env* files (.env.production.local first), loaded before PORT, HOSTNAME and
// TRUSTED_PROXY_HOPS are read here and in Next's server: Next would load them only after it has chosen its port.
loadEnvFiles(__dirname);

// Next's standalone server listens on HOSTNAME (default 0.0.0.0) and PORT (default 3000).
const defaultHost = `${process.env.HOSTNAME || 'localhost'}:${process.env.PORT || 3000}`;
// The API's logger setup (JSON lines, the same redaction at any depth), bundled into server.js.
const log = createLogger();
const failed = (err: unknown, req: http.IncomingMessage) =>
  log.error({ err, requestId: req.headers['x-request-id'], method: req.method, path: req.url?.split('?')[0] }, 'request failed');
// The stop is this file's (scripts/graceful-stop.mts), not Next's: Next's own SIGTERM handler only stops its server,
// while the API, whose handler ran first, had already closed the database under the requests still arriving.
process.env.NEXT_MANUAL_SIG_HANDLE = 'true';
const stopper = createStopper(log);
const answerApi = directApiListener(defaultHost, failed, APP_VERSION);
// The build's server actions (the standalone server's .next folder), for the edge to refuse any other.
const actions = serverActionIds(path.join(__dirname, '.next'));
rewriteOnEveryServer(http, Number(process.env.TRUSTED_PROXY_HOPS ?? 0), (req, res) => {
  closeAfterEarlyAnswer(req, res, stopper.stopping);
  if (stopper.refuseWhileStopping(req, res) || answerApi(req, res)) return true;
  logPageRequest(log, req, res);
  return refuseLargePageBody(req, res) || refuseMalformedRequest(req, res, actions);
});
// Every server Next makes (its standalone server makes one) gets the edge's timeouts and is closed on stop. Next sets
// its keepAliveTimeout only when KEEP_ALIVE_TIMEOUT is set, after this.
// A port it cannot listen on is told in npm start's one line (scripts/listen-problem.mjs), before Next's own handler
// prints "Failed to start server" and the error's stack.
const createServer = http.createServer;
http.createServer = function (this: unknown, ...args: unknown[]) {
  const server = tuneServer((createServer as (...a: unknown[]) => http.Server).apply(this, args));
  stopper.addServer(server);
  server.prependOnceListener('error', (err: NodeJS.ErrnoException) => {
    if (server.listening || !err.syscall?.startsWith('listen')) return;
    console.error(listenProblem(process.env.HOSTNAME || undefined, process.env.PORT || 3000, err.code ?? err.message, 'node server.js'));
    process.exit(1);
  });
  return server;
} as typeof http.createServer;
// A runtime path, so the bundler leaves Next's server (and its node_modules) outside this file.
createRequire(__filename)(path.join(__dirname, 'next-server.js'));
