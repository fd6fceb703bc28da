// The donation API as its own server process (npm run api): the same /api routes as the web app serves in
// process, for a web side pointed at it with DONATION_API_URL. Listens on PORT (default 4000) and HOSTNAME.
// It stops as the web servers do (scripts/graceful-stop.mts) and guards connections as they do (edge-guards.mts).
import './load-env';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { getDonationApi } from '../donation-api';
import { logger } from '../donation-api/logger';
import { closeAfterEarlyAnswer, tuneServer } from './edge-guards.mjs';
import { createStopper } from './graceful-stop.mjs';
import { scriptDatabase } from './script-env';

async function main() {
  scriptDatabase('api');
  const port = Number(process.env.PORT || 4000);
  const hostname = process.env.HOSTNAME || undefined;
  // Before the API opens: it then hands its database's closing to the stopper instead of closing on the signal.
  const stopper = createStopper(logger);
  const { app } = await getDonationApi(); // locks the embedded database
  const answer = getRequestListener(app.fetch);
  const server = tuneServer(
    http.createServer((req, res) => {
      closeAfterEarlyAnswer(req, res, stopper.stopping);
      if (!stopper.refuseWhileStopping(req, res)) void answer(req, res);
    }),
  );
  stopper.addServer(server);
  server.listen(port, hostname, () => {
    console.log(`api: listening on http://${hostname ?? 'localhost'}:${(server.address() as AddressInfo).port}`);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
