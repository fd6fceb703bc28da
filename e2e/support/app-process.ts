// What the specs that start an app server of their own share: a free port, a statement on the test PostgreSQL's
// administration connection (creating and dropping their databases), and the environment every such server needs.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';

/** A port nothing listens on now, on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** One statement on the PostgreSQL at `url` (TEST_DATABASE_URL), on a connection of its own. */
export async function adminQuery(url: string, statement: string) {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * The environment of an app server on 127.0.0.1:`port`: the test run's own, a fresh session secret, the demo allowed
 * in production (the specs sign in as demo users), then `extra`.
 */
export function appServerEnv(port: number, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DEMO_IN_PRODUCTION: 'yes-this-is-a-demo',
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    ...extra,
  };
}
