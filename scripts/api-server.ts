// The donation API as its own server process (npm run api): the same /api routes as the web app serves in
// process, for a web side pointed at it with DONATION_API_URL. Listens on PORT (default 4000) and HOSTNAME.
import './load-env';
import { serve } from '@hono/node-server';
import { getDonationApi } from '../donation-api';
import { scriptDatabase } from './script-env';

async function main() {
  scriptDatabase('api');
  const port = Number(process.env.PORT || 4000);
  const hostname = process.env.HOSTNAME || undefined;
  // Registered before the API opens, so the API's handler (donation-api/index.ts) runs first: it closes the
  // database and releases its lock, then calls this one.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));
  const { app } = await getDonationApi(); // locks the embedded database; closes it on SIGTERM/SIGINT
  serve({ fetch: app.fetch, port, hostname }, (info) => console.log(`api: listening on http://${hostname ?? 'localhost'}:${info.port}`));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
