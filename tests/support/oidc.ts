// Local OpenID Connect issuers for tests, standing in for Microsoft Entra ID and Azure AD B2C / Entra External ID.
//
// - startOidcIssuer(): a real `oidc-provider` on 127.0.0.1 (random port) with one client per provider and a
//   tiny login page (type the e-mail of a known account, or pass login_hint). Browser tests point next-auth's
//   `wellKnown` at it; API tests drive the authorization-code flow with signIn() and get a genuine ID token.
// - startJwksIssuer(): a bare discovery document and key set on node:http, whose sign() mints ID tokens with any
//   claims or header, so tests can forge, expire or mis-address them.
// Self-contained: no database, no app code.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';

export type OidcAccount = {
  /** The subject; Entra's tokens also carry it as `oid` (the object id the API stores). */
  sub: string;
  email: string;
  name?: string;
};
export type OidcClient = { clientId: string; clientSecret: string; redirectUris: string[]; postLogoutRedirectUris?: string[] };

/**
 * The demo users the local issuers sign in: an employee (work account), an external user and a retail partner
 * (customer identity).
 */
export const DEMO_SSO_ACCOUNTS = {
  employee: { sub: '6f1c2e7a-0b3d-4c5e-8f9a-1b2c3d4e5f60', email: 'employee@foodbanks.example.org', name: 'Demo Employee' },
  external: { sub: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', email: 'partner@example.org', name: 'Demo Partner' },
  // A retail partner's sustainability lead, known to no app until a program administrator invites them.
  retail: { sub: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7', email: 'sustainability@sobeys.example.com', name: 'Sobeys Sustainability' },
} satisfies Record<string, OidcAccount>;

async function listen(server: http.Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return (server.address() as AddressInfo).port;
}

function closer(server: http.Server) {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    });
}

/** oidc-provider warns about its in-memory adapter and about Node 20 on every start: known, and only noise here. */
async function quietly<T>(f: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void (String(args[0]).startsWith('oidc-provider WARNING') || warn(...args));
  try {
    return await f();
  } finally {
    console.warn = warn;
  }
}

async function signingKey(alg: 'RS256' | 'ES256' | 'PS256' = 'RS256') {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg, use: 'sig' };
  return { privateKey, publicKey, publicJwk, privateJwk, kid, alg };
}

const html = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID Connect provider. Its login page asks only for the e-mail of one of `accounts` (no password:
 * it is a test stand-in). ID tokens carry sub, oid, email, email_verified, preferred_username and name.
 */
export async function startOidcIssuer(opts: { clients: OidcClient[]; accounts: OidcAccount[]; name?: string; port?: number }) {
  const { default: Provider } = await quietly(() => import('oidc-provider'));
  const server = http.createServer();
  // A fixed port when the issuer must be known before it starts (the browser tests' app is configured first).
  const port = await listen(server, opts.port);
  const issuer = `http://127.0.0.1:${port}`;
  const key = await signingKey('RS256');
  const byEmail = (email: string) => opts.accounts.find((a) => a.email.toLowerCase() === email.trim().toLowerCase());

  const provider = await quietly(
    async () =>
      new Provider(issuer, {
        clients: opts.clients.map((c) => ({
          client_id: c.clientId,
          client_secret: c.clientSecret,
          redirect_uris: c.redirectUris,
          ...(c.postLogoutRedirectUris ? { post_logout_redirect_uris: c.postLogoutRedirectUris } : {}),
          response_types: ['code'],
          grant_types: ['authorization_code', 'refresh_token'],
          token_endpoint_auth_method: 'client_secret_basic',
        })),
        async findAccount(_ctx: unknown, id: string) {
          const account = opts.accounts.find((a) => a.sub === id);
          if (!account) return undefined;
          return {
            accountId: id,
            async claims() {
              return {
                sub: id,
                oid: id,
                email: account.email,
                email_verified: true,
                preferred_username: account.email,
                name: account.name ?? account.email,
              };
            },
          };
        },
        claims: { openid: ['sub', 'oid'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
        // Like Entra: profile and e-mail claims in the ID token itself, not only at the userinfo endpoint.
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        // First-party clients: consent is implied, as in a tenant where an admin consented for everyone.
        async loadExistingGrant(ctx: any) {
          const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
          if (grantId) return ctx.oidc.provider.Grant.find(grantId);
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
          grant.addOIDCScope('openid email profile offline_access');
          await grant.save();
          return grant;
        },
        pkce: { required: () => false },
        cookies: { keys: [randomBytes(32).toString('hex')] },
        jwks: { keys: [key.privateJwk] },
        ttl: { IdToken: 3600, AccessToken: 3600, Session: 86400, Interaction: 600, Grant: 86400 },
        renderError(ctx: any, out: Record<string, string>) {
          ctx.type = 'html';
          ctx.body = `<!doctype html><title>Error</title><pre>${html(JSON.stringify(out))}</pre>`;
        },
      } as never),
  );
  (provider as unknown as { on: (e: string, f: () => void) => void }).on('server_error', () => undefined);
  const callback = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return void callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        let email = '';
        if (req.method === 'POST' && match[2]) email = (await readForm(req)).get('email') ?? '';
        else if (typeof details.params.login_hint === 'string') email = details.params.login_hint;
        const account = email ? byEmail(email) : undefined;
        if (account) {
          await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html lang="en"><head><title>${html(opts.name ?? 'Test identity provider')}</title></head><body>
<h1>${html(opts.name ?? 'Test identity provider')}</h1>
${email ? '<p role="alert">Unknown account.</p>' : ''}
<form method="post" action="/interaction/${html(match[1]!)}/login">
<label>E-mail <input name="email" type="email" autocomplete="username" required></label>
<button type="submit">Sign in</button>
</form></body></html>`);
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`interaction failed: ${(err as Error).message}`);
      }
    })();
  });

  const wellKnownUrl = `${issuer}/.well-known/openid-configuration`;

  /** Runs the authorization-code flow without a browser and returns the provider's tokens. */
  async function signIn(clientId: string, email: string, o: { nonce?: string; redirectUri?: string } = {}) {
    const client = opts.clients.find((c) => c.clientId === clientId);
    if (!client) throw new Error(`unknown client ${clientId}`);
    const redirectUri = o.redirectUri ?? client.redirectUris[0]!;
    const discovery = (await (await fetch(wellKnownUrl)).json()) as { authorization_endpoint: string; token_endpoint: string };
    const jar = new Map<string, string>();
    const auth = new URL(discovery.authorization_endpoint);
    auth.search = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      state: randomUUID(),
      nonce: o.nonce ?? randomUUID(),
      login_hint: email,
    }).toString();
    let url = auth.toString();
    for (let hop = 0; hop < 10; hop++) {
      if (url.startsWith(redirectUri!)) break;
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`sign-in stopped at ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      url = new URL(location, url).toString();
    }
    const code = new URL(url).searchParams.get('code');
    if (!code) throw new Error(`no code in ${url}`);
    const res = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
    });
    const tokens = (await res.json()) as { id_token?: string; access_token?: string; error?: string };
    if (!tokens.id_token) throw new Error(`token endpoint: ${res.status} ${JSON.stringify(tokens)}`);
    return { idToken: tokens.id_token, accessToken: tokens.access_token };
  }

  return { issuer, wellKnownUrl, port, provider, signIn, close: closer(server) };
}

/**
 * Two issuers as the app is configured in production, one per provider, with the demo accounts: the employee on
 * the work-account issuer, the external user on the customer-identity one. `env` holds the variables to give the
 * app (and next-auth) so both providers point at them.
 */
export async function startDemoIssuers(opts: { redirectBase: string }) {
  const aadClient = {
    clientId: 'rfp-aad-test',
    clientSecret: randomBytes(16).toString('hex'),
    redirectUris: [`${opts.redirectBase}/api/auth/callback/azure-ad`],
  };
  const b2cClient = {
    clientId: 'rfp-aadb2c-test',
    clientSecret: randomBytes(16).toString('hex'),
    redirectUris: [`${opts.redirectBase}/api/auth/callback/azure-ad-b2c`],
  };
  const aad = await startOidcIssuer({ name: 'Work account (test)', clients: [aadClient], accounts: [DEMO_SSO_ACCOUNTS.employee] });
  const aadb2c = await startOidcIssuer({ name: 'Customer identity (test)', clients: [b2cClient], accounts: [DEMO_SSO_ACCOUNTS.external] });
  return {
    aad,
    aadb2c,
    clients: { aad: aadClient, aadb2c: b2cClient },
    env: {
      AAD_CLIENT_ID: aadClient.clientId,
      AAD_CLIENT_SECRET: aadClient.clientSecret,
      AAD_TENANT_ID: 'test-tenant',
      AAD_WELL_KNOWN_URL: aad.wellKnownUrl,
      AAD_B2C_CLIENT_ID: b2cClient.clientId,
      AAD_B2C_CLIENT_SECRET: b2cClient.clientSecret,
      AAD_B2C_SIGN_IN_NAME: 'B2C_1_signin',
      AAD_B2C_FORGOT_PASSWORD_NAME: 'B2C_1_reset',
      AAD_B2C_AUTH_DOMAIN: `127.0.0.1:${aadb2c.port}`,
      AAD_B2C_WELL_KNOWN_URL: aadb2c.wellKnownUrl,
    } as Record<string, string>,
    close: async () => {
      await aad.close();
      await aadb2c.close();
    },
  };
}

/**
 * An issuer that is only a discovery document and a key set, served by node:http; sign() mints ID tokens
 * with its key (or any other), so tests can shape every claim and header.
 */
export async function startJwksIssuer(opts: { alg?: 'RS256' | 'ES256' | 'PS256' } = {}) {
  const key = await signingKey(opts.alg ?? 'RS256');
  const keys: JWK[] = [key.publicJwk];
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: [key.alg] }));
    } else if (path === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys }));
    } else {
      res.writeHead(404).end();
    }
  });
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;

  async function sign(
    claims: JWTPayload,
    o: { now?: Date; expiresInSec?: number; header?: Record<string, unknown>; key?: CryptoKey | Uint8Array; omit?: string[] } = {},
  ) {
    const iat = Math.floor((o.now ?? new Date()).getTime() / 1000);
    const payload: JWTPayload = { iss: issuer, iat, exp: iat + (o.expiresInSec ?? 3600), ...claims };
    for (const k of o.omit ?? []) delete payload[k];
    return new SignJWT(payload)
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT', ...o.header } as never)
      .sign(o.key ?? key.privateKey);
  }

  return {
    issuer,
    wellKnownUrl: `${issuer}/.well-known/openid-configuration`,
    port,
    key,
    keys,
    sign,
    requests: () => requests,
    close: closer(server),
  };
}

export type JwksIssuer = Awaited<ReturnType<typeof startJwksIssuer>>;
