// The donation API as its own server process (npm run api): the same /api routes as the web app serves in
// process, for a web side pointed at it with DONATION_API_URL. Listens on PORT (default 4000) and HOSTNAME, by
// default 127.0.0.1 only: it is meant for a web side on the same machine, and opening it to every interface is a
// choice to write down (HOSTNAME=0.0.0.0). It stops as the web servers do (scripts/graceful-stop.mts) and guards
// connections as they do (edge-guards.mts). Like them it rewrites x-forwarded-for from the socket before the API reads
// it (scripts/forwarded-for.mts, TRUSTED_PROXY_HOPS): trusted as sent, any client reaching this port chose the address
// the sign-in brake counts, and 40 guesses under 40 made-up addresses were never braked.
import './load-env';
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { getDonationApi } from '../donation-api';
import { logger } from '../donation-api/logger';
import { closeAfterEarlyAnswer, tuneServer } from './edge-guards.mjs';
import { ensureRequestId, rewriteForwardedFor } from './forwarded-for.mjs';
import { createStopper } from './graceful-stop.mjs';
import { scriptDatabase } from './script-env';

async function main() {
  scriptDatabase('api');
  const port = Number(process.env.PORT || 4000);
  const hostname = process.env.HOSTNAME || '127.0.0.1';
  // Validated by scriptDatabase's environment check above (0 to 10).
  const hops = Number(process.env.TRUSTED_PROXY_HOPS || 0);
  // Before the API opens: it then hands its database's closing to the stopper instead of closing on the signal.
  const stopper = createStopper(logger);
  const { app } = await getDonationApi(); // locks the embedded database
  // @hono/node-server builds the request from the headers as the client sent them (rawHeaders): the API gets the
  // rewritten ones instead, as the web servers' direct /api path does (scripts/direct-api.mts).
  const answer = getRequestListener((request: Request, env: { incoming: Pick<IncomingMessage, 'headers'> }) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(env.incoming.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
    }
    const { method, url, signal } = request;
    const body = method === 'GET' || method === 'HEAD' ? undefined : request.body;
    return app.fetch(new Request(url, { method, headers, signal, body, duplex: 'half' } as RequestInit));
  });
  const server = tuneServer(
    http.createServer((req, res) => {
      rewriteForwardedFor(req.headers, req.socket.remoteAddress, hops);
      ensureRequestId(req.headers, randomUUID);
      closeAfterEarlyAnswer(req, res, stopper.stopping);
      if (!stopper.refuseWhileStopping(req, res)) void answer(req, res);
    }),
  );
  stopper.addServer(server);
  server.listen(port, hostname, () => {
    console.log(`api: listening on http://${hostname}:${(server.address() as AddressInfo).port}`);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
