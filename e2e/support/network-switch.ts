import type { BrowserContext } from '@playwright/test';
import { test as base } from './test';
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

// A network the offline tests can really cut. Chromium's offline mode (context.setOffline) sets navigator.onLine and
// fires 'offline'/'online', but Playwright applies it to a service worker only once the worker has started again
// after an idle stop, and in between the worker (and a page it controls) still reaches the server: under load a
// donation "added offline" was then saved at once and the test could not see the outbox. So the browser's context
// goes through this forwarding proxy, and going offline both closes the proxy to every request and sets the
// browser's offline mode; nothing reaches the app until the network returns, whatever the emulation does.

/** A request the browser sent to the app: its method, path, headers and when it reached the proxy (epoch ms). */
export type SeenRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; at: number };
type Matcher = (r: SeenRequest) => boolean;

type NetworkProxy = {
  url: string;
  cut: () => void;
  restore: () => void;
  seen: SeenRequest[];
  loseAnswer: (match: Matcher) => Promise<void>;
  close: () => Promise<void>;
};

async function startNetworkProxy(): Promise<NetworkProxy> {
  let open = true;
  const sockets = new Set<Socket>();
  const seen: SeenRequest[] = [];
  let lose: { match: Matcher; done: () => void } | null = null;
  const server = http.createServer((req, res) => {
    // A proxy request names the whole address: http://localhost:PORT/path.
    const target = new URL(req.url ?? '/');
    const request: SeenRequest = { method: req.method ?? 'GET', path: target.pathname, headers: req.headers, at: Date.now() };
    seen.push(request);
    const dropping = lose && lose.match(request) ? lose : null;
    if (dropping) lose = null;
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers },
      (answer) => {
        if (dropping) {
          // The server has answered (and committed); the browser gets the gateway timeout a real proxy in front of a
          // slow server sends instead. Not a closed connection: Chromium silently resends a request whose connection
          // closed before any answer, and the app would never see the loss.
          answer.resume();
          answer.on('end', () => {
            res.writeHead(504, { 'content-type': 'text/plain' });
            res.end('gateway timeout');
            dropping.done();
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  // Playwright's own requests (page.request) tunnel through a proxy with CONNECT.
  server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  });
  server.on('connection', (socket) => {
    if (!open) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut: () => {
      open = false;
      // Kept-alive connections too: a request already on its way fails as it would on a dropped network.
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      open = true;
    },
    seen,
    loseAnswer: (match) => new Promise<void>((resolve) => (lose = { match, done: resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Network = {
  offline: () => Promise<void>;
  online: () => Promise<void>;
  /** Every request the browser sent to the app since the test began (not Playwright's own). */
  seen: () => SeenRequest[];
  /** The next request that matches reaches the server, which answers and commits; the browser gets a 504. */
  loseAnswer: (match: Matcher) => Promise<void>;
};

async function setNetwork(proxy: NetworkProxy, context: BrowserContext, offline: boolean) {
  if (offline) proxy.cut();
  else proxy.restore();
  await context.setOffline(offline);
}

/** `network.offline()` / `network.online()`: the browser's offline mode and a real cut of its only way to the app. */
export const test = base.extend<{ network: Network }, { networkProxy: NetworkProxy }>({
  networkProxy: [
    async ({}, use) => {
      const proxy = await startNetworkProxy();
      await use(proxy);
      await proxy.close();
    },
    { scope: 'worker' },
  ],
  proxy: async ({ networkProxy }, use) => use({ server: networkProxy.url }),
  network: async ({ networkProxy, context }, use) => {
    networkProxy.restore();
    const from = networkProxy.seen.length;
    await use({
      offline: () => setNetwork(networkProxy, context, true),
      online: () => setNetwork(networkProxy, context, false),
      seen: () => networkProxy.seen.slice(from),
      loseAnswer: (match) => networkProxy.loseAnswer(match),
    });
    networkProxy.restore();
  },
});
