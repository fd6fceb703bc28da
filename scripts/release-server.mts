// The release folder's server.js (bundled by scripts/package.mjs): Next's standalone server, renamed
// next-server.js, started after every HTTP server is made to rewrite x-forwarded-for from the socket as `npm start`
// does (TRUSTED_PROXY_HOPS: 0 = nothing in front, N = N trusted reverse proxies; see scripts/forwarded-for.mts), and
// to answer /api calls with the API directly once Next's register() has published it (scripts/direct-api.mts).
import './check-node.mjs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createLogger } from '../donation-api/logger';
import { directApiListener } from './direct-api.mts';
import { closeAfterEarlyAnswer, logPageRequest, refuseLargePageBody, tuneServer } from './edge-guards.mts';
import { loadEnvFiles } from './env-files.mjs';
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
const answerApi = directApiListener(defaultHost, failed);
rewriteOnEveryServer(http, Number(process.env.TRUSTED_PROXY_HOPS ?? 0), (req, res) => {
  closeAfterEarlyAnswer(req, res, stopper.stopping);
  if (stopper.refuseWhileStopping(req, res) || answerApi(req, res)) return true;
  logPageRequest(log, req, res);
  return refuseLargePageBody(req, res);
});
// Every server Next makes (its standalone server makes one) gets the edge's timeouts and is closed on stop. Next sets
// its keepAliveTimeout only when KEEP_ALIVE_TIMEOUT is set, after this.
const createServer = http.createServer;
http.createServer = function (this: unknown, ...args: unknown[]) {
  const server = tuneServer((createServer as (...a: unknown[]) => http.Server).apply(this, args));
  stopper.addServer(server);
  return server;
} as typeof http.createServer;
// A runtime path, so the bundler leaves Next's server (and its node_modules) outside this file.
createRequire(__filename)(path.join(__dirname, 'next-server.js'));
