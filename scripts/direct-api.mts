// The edge's own answer to /api calls: through Next's route handler an API call cost about a third of the
// throughput and a millisecond, for routing Hono already does. The edge servers (scripts/serve.mjs for npm start,
// the release's server.js through scripts/forwarded-for.mts) hand such calls to the API that Next's bundle opened,
// in the same process and on the same port, and give the answers what Next gave them: the security headers and
// compression. Node 24 runs this file as it is (type annotations only).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import compression from 'next/dist/compiled/compression/index.js';
import { releaseCompressionStream } from 'next/dist/server/lib/release-compression-stream.js';
import { DIRECT_API_FETCH, SECURITY_HEADERS, healthWhileStarting, unavailableWhileStarting } from './edge-contract.mjs';

type AnswerApi = (request: Request) => Promise<Response>;
type Listener = (req: IncomingMessage, res: ServerResponse) => boolean;

// The methods the route exports. Next answers OPTIONS itself (204 with an Allow list) and refuses the others.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH']);
// RFC 3986 path characters without '%': an API path never needs escapes (ids, years, names of calls).
const SEGMENT = /^[\w!$&'()*+,;=:@.~-]+$/;

/**
 * Whether the edge answers this request itself. Only /api paths that Next would pass to the route unchanged:
 * /api/auth/... is next-auth's; Next redirects an empty segment (`//`, a trailing slash) and resolves dot segments
 * and escapes before routing, so any of those keeps going through Next and gets exactly its old answer.
 */
export function isDirectApiCall(method: string | undefined, url: string | undefined): boolean {
  if (!method || !METHODS.has(method) || !url?.startsWith('/api/')) return false;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  // A path Next cannot decode ('%FF', a cut '%E0%A4%A') fails its route matching with a plain-text 500 before any
  // route runs; the API answers it instead (400 MALFORMED_URL in its error shape, logged with the request id).
  if (holdsBadEscape(path)) return true;
  const segments = path.slice('/api/'.length).split('/');
  if (segments[0] === 'auth' && segments.length > 1) return false;
  return segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

function holdsBadEscape(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/** The answerer instrumentation-node.ts publishes once register() has run; absent before (and under next dev). */
function publishedAnswerer(): AnswerApi | undefined {
  const answer = (globalThis as Record<symbol, unknown>)[DIRECT_API_FETCH];
  return typeof answer === 'function' ? (answer as AnswerApi) : undefined;
}

/**
 * The request as the API must see it. @hono/node-server's lightweight request is no Request to the global
 * constructor, which the API (in Next's bundle) builds on (Hono's body limit re-wraps a body sent without a length);
 * and it reads the headers as the client sent them (rawHeaders), while the edge rewrote x-forwarded-for and
 * x-request-id in `incoming.headers`, which is what Next read too.
 */
function nativeRequest(request: Request, incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.append(name, value);
    else for (const one of value ?? []) headers.append(name, one);
  }
  const { method, url, signal } = request;
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers, signal });
  return new Request(url, { method, headers, signal, body: request.body, duplex: 'half' } as RequestInit);
}

function withSecurityHeaders(response: Response): Response {
  try {
    // The API's own value wins, as with Next (its config headers are set before the route's).
    for (const { key, value } of SECURITY_HEADERS) if (!response.headers.has(key)) response.headers.set(key, value);
    return response;
  } catch {
    // Immutable headers (Response.redirect): a copy takes them.
    return withSecurityHeaders(new Response(response.body, response));
  }
}

const isProbe = (method: string | undefined, url: string | undefined) =>
  (method === 'GET' || method === 'HEAD') && /^\/api\/(health|ready)(\?|$)/.test(url ?? '');

/**
 * A request listener for the edge that answers the calls isDirectApiCall accepts, once the API is published, and
 * returns true; before that it answers only /api/health and /api/ready (at once: the API is starting) and leaves
 * every other request to Next, returning false. `defaultHost` names the server when a request has no Host header
 * (HTTP/1.0); `version` is the release /api/health names. `logError` gets what the API could not answer (answered 500).
 */
export function directApiListener(defaultHost: string, logError: (err: unknown, req: IncomingMessage) => void, version: string): Listener {
  // Before the API is published: the probes' starting answers, which Next's route would hold for the whole start.
  const answerBeforeTheApi = async (request: Request) =>
    new URL(request.url).pathname === '/api/health' ? healthWhileStarting(version) : unavailableWhileStarting();
  // Next's own compression middleware and settings (router-server.js), so answers are gzipped as before.
  const compress = compression();
  const listener = getRequestListener(
    async (request, env) => {
      const { incoming } = env as { incoming: IncomingMessage };
      try {
        const answer = publishedAnswerer() ?? answerBeforeTheApi;
        return withSecurityHeaders(await answer(nativeRequest(request, incoming)));
      } catch (err) {
        logError(err, incoming);
        return withSecurityHeaders(new Response(null, { status: 500 }));
      }
    },
    {
      // Next shares this process and its globals: @hono/node-server must not replace Request and Response.
      overrideGlobalObjects: false,
      hostname: defaultHost,
      // Only a request @hono/node-server cannot read (a Host header that is not a host) lands here: 400, as RFC 9112
      // asks (Next ignored such a header).
      errorHandler: () => withSecurityHeaders(new Response(null, { status: 400 })),
    },
  );
  return (req, res) => {
    if (!isDirectApiCall(req.method, req.url) || (!publishedAnswerer() && !isProbe(req.method, req.url))) return false;
    compress(req, res, () => undefined);
    // On client disconnect the middleware never ends its zlib stream (Next's reason for the same call).
    res.once('close', () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
    void listener(req, res);
    return true;
  };
}
