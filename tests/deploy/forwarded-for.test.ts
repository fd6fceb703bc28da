// The address the login limit counts, as the release folder's `node server.js` (Next's own standalone server
// behind scripts/release-server.mts) hands it on: behind nginx ($proxy_add_x_forwarded_for, TRUSTED_PROXY_HOPS=1)
// a client-sent "X-Forwarded-For: forged" must never be the address read.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { clientAddress } from '@/donation-api/sign-in/login-attempts';
import { requestAddressHeaders } from '@/web/server/client-address';
import { rewriteOnEveryServer } from '../../scripts/forwarded-for.mjs';

/** What the app's route handlers pass to the API, and the address the API then counts. */
function addressSeen(headers: http.IncomingHttpHeaders, hops: number) {
  const request = new Request('http://app.test/bff/public/forgot-password', {
    headers: Object.entries(headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])),
  });
  return clientAddress(requestAddressHeaders(request)?.['x-forwarded-for'], hops);
}

function get(port: number, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

describe('x-forwarded-for in the release server', () => {
  it('Next alone keeps the forged entry: behind one proxy it would be the address read', () => {
    // nginx appended the client's real address to what the client sent; Next only fills the header in when absent.
    expect(addressSeen({ 'x-forwarded-for': 'forged, 203.0.113.5' }, 1)).toBe('forged');
  });

  it.each([
    [1, { 'x-forwarded-for': 'forged, 203.0.113.5' }, '203.0.113.5'],
    [1, { 'x-forwarded-for': '203.0.113.5' }, '203.0.113.5'],
    [0, { 'x-forwarded-for': 'forged' }, '127.0.0.1'],
    [0, {}, '127.0.0.1'],
  ])('with TRUSTED_PROXY_HOPS=%s and %j the address read is %s', async (hops, headers, expected) => {
    const httpModule = { createServer: http.createServer } as typeof http;
    rewriteOnEveryServer(httpModule, hops);
    const server = httpModule.createServer((req, res) => res.end(addressSeen(req.headers, hops)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      expect(await get((server.address() as AddressInfo).port, headers)).toBe(expected);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  describe('the bundled server.js in front of a server that behaves like Next’s', () => {
    let dir: string;
    let child: ChildProcess | undefined;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-release-'));
      await build({
        entryPoints: [path.join(__dirname, '../../scripts/release-server.mts')],
        outfile: path.join(dir, 'server.js'),
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node22',
        logLevel: 'warning',
      });
      // The one line of Next's base server that matters here: x-forwarded-for ??= the socket's address.
      fs.writeFileSync(
        path.join(dir, 'next-server.js'),
        `const http = require('node:http');
const server = http.createServer((req, res) => {
  req.headers['x-forwarded-for'] ??= req.socket.remoteAddress;
  res.end(req.headers['x-forwarded-for']);
});
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`,
      );
    });
    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('hands the API a chain whose trusted entry is the one nginx wrote', async () => {
      child = spawn(process.execPath, ['server.js'], {
        cwd: dir,
        env: { ...process.env, TRUSTED_PROXY_HOPS: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const port = await new Promise<number>((resolve, reject) => {
        child!.stdout!.on('data', (c: Buffer) => {
          const m = /port (\d+)/.exec(c.toString());
          if (m) resolve(Number(m[1]));
        });
        child!.once('exit', (code) => reject(new Error(`server.js exited with ${code}`)));
      });
      const chain = await get(port, { 'x-forwarded-for': 'forged, 203.0.113.5' });
      expect(chain).toBe('forged, 203.0.113.5, 127.0.0.1');
      expect(clientAddress(chain, 1)).toBe('203.0.113.5');
    });
  });
});
