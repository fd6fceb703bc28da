#!/usr/bin/env node
// The production server behind `npm start`: Next's request handler on a plain Node HTTP server, so the client's
// address comes from the socket. `next start` keeps a client-sent x-forwarded-for as it is (it only fills the
// header in when absent), which let anyone choose the address the login limit counts.
//
// TRUSTED_PROXY_HOPS (default 0) is the number of reverse proxies in front of the app. With 0, whatever the client
// sent in x-forwarded-for / x-forwarded-proto is dropped and x-forwarded-for is the socket's address. With N, the
// socket's address (the nearest proxy) is appended to the chain as a proxy does, and the API reads the entry N
// places from the right: the one the outermost trusted proxy wrote (donation-api/sign-in/login-attempts.ts).
//
// /api calls (not /api/auth/...) are then answered by the API directly, without Next's router, once Next's
// register() has published it (scripts/direct-api.mts); everything else, and /api before that, goes to Next.
import './check-node.mjs';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { API_STARTED } from './edge-contract.mjs';
import { listenProblem } from './listen-problem.mjs';

// Imported once the Node check has passed: an older Node cannot even load a .mts file.
const { directApiListener } = await import('./direct-api.mts');
const { ensureRequestId, rewriteForwardedFor } = await import('./forwarded-for.mts');
const { closeAfterEarlyAnswer, logPageRequest, refuseLargePageBody, refuseMalformedRequest, serverActionIds, tuneServer } =
  await import('./edge-guards.mts');
const { createStopper } = await import('./graceful-stop.mts');

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;
const hops = Number(process.env.TRUSTED_PROXY_HOPS ?? 0);
// The app's own lines use donation-api/logger.ts (same JSON format); this file runs before any TypeScript loads.
// A LOG_LEVEL pino does not know is logged at info here, and refused with the other wrong settings in one fatal line
// by the start's environment check (instrumentation-node.ts): given to pino, it threw a stack trace first.
const level = process.env.LOG_LEVEL;
const log = pino({ level: level === 'silent' || (level && level in pino.levels.values) ? level : 'info' });
// Before Next's register() opens the database: the API then leaves closing it to this stopper (graceful-stop.mts).
const stopper = createStopper(log);

// The configuration the build recorded, as Next's own standalone server.js passes it: otherwise every start compiles
// next.config.ts again and runs its plugins, which loads SWC's native compilers and next-intl's build-time message
// compiler into the server for nothing (tens of MB of its memory; a build-time setting changes only with a new build,
// and start.mjs rebuilds when the sources change).
const serverFiles = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'required-server-files.json');
if (fs.existsSync(serverFiles))
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(JSON.parse(fs.readFileSync(serverFiles, 'utf8')).config);
const { default: next } = await import('next');
const app = next({ dev: false, dir: root, hostname: hostname ?? 'localhost', port });
stopper.onClosed(() => app.close());
const handle = app.getRequestHandler();
// The build's server actions, for the edge to refuse any other (refuseMalformedRequest).
const actions = serverActionIds(path.join(root, process.env.NEXT_DIST_DIR || '.next'));
const failed = (err, req) =>
  log.error({ err, requestId: req.headers['x-request-id'], method: req.method, path: req.url?.split('?')[0] }, 'request failed');
const answerApi = directApiListener(`${hostname ?? 'localhost'}:${port}`, failed, version);
// Listening before Next has loaded its build, so a taken port is told at once (and without a build); requests that
// arrive meanwhile wait for it. In production Next's prepare() does not wait for register() (instrumentation-node.ts)
// either: Next's handler does, and the direct path looks the API up per request, so it starts when ready.
const prepared = app.prepare();

const server = tuneServer(
  http.createServer((req, res) => {
    rewriteForwardedFor(req.headers, req.socket.remoteAddress, hops);
    ensureRequestId(req.headers, randomUUID);
    closeAfterEarlyAnswer(req, res, stopper.stopping);
    if (stopper.refuseWhileStopping(req, res) || answerApi(req, res)) return;
    logPageRequest(log, req, res);
    if (refuseLargePageBody(req, res) || refuseMalformedRequest(req, res, actions)) return;
    prepared
      .then(() => handle(req, res))
      .catch((err) => {
        failed(err, req);
        if (!res.headersSent) res.writeHead(500).end();
      });
  }),
);
stopper.addServer(server);
server
  // Unhandled, a taken port only reaches Next's uncaughtException logger and the process stays up, serving nothing.
  .once('error', (err) => {
    console.error(listenProblem(hostname, port, err.code ?? err.message));
    process.exit(1);
  })
  .listen(port, hostname, () => void prepared.then(apiStarted).then((ok) => sayReady(ok)));
await prepared;

/**
 * The end of the API's start, which instrumentation-node.ts publishes (API_STARTED): Next's prepare() does not wait
 * for it, and "Ready" used to be said minutes before a first start's migrations and demo data were done.
 */
async function apiStarted() {
  for (;;) {
    const started = globalThis[API_STARTED];
    if (started) return started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function sayReady(ok) {
  if (ok) log.info({ port, hostname, version }, `Ready on port ${port}`);
  else
    log.warn(
      { port, hostname, version },
      `Listening on port ${port}; the database could not be opened yet, /api/ready answers 503 until it can`,
    );
}
