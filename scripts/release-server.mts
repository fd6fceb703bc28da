// The release folder's server.js (bundled by scripts/package.mjs): Next's standalone server, renamed
// next-server.js, started after every HTTP server is made to rewrite x-forwarded-for from the socket as `npm start`
// does (TRUSTED_PROXY_HOPS: 0 = nothing in front, N = N trusted reverse proxies; see scripts/forwarded-for.mts), and
// to answer /api calls with the API directly once Next's register() has published it (scripts/direct-api.mts).
import './check-node.mjs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { directApiListener } from './direct-api.mts';
import { loadEnvFiles } from './env-files.mjs';
import { rewriteOnEveryServer } from './forwarded-for.mts';

// The release folder's .env* files (.env.production.local first), loaded before PORT, HOSTNAME and
// TRUSTED_PROXY_HOPS are read here and in Next's server: Next would load them only after it has chosen its port.
loadEnvFiles(__dirname);

// Next's standalone server listens on HOSTNAME (default 0.0.0.0) and PORT (default 3000).
const defaultHost = `${process.env.HOSTNAME || 'localhost'}:${process.env.PORT || 3000}`;
// Next's standalone server logs a failed request with console.error too.
const failed = (err: unknown, req: http.IncomingMessage) => console.error(`Failed to answer ${req.method} ${req.url}`, err);
rewriteOnEveryServer(http, Number(process.env.TRUSTED_PROXY_HOPS ?? 0), directApiListener(defaultHost, failed));
// A runtime path, so the bundler leaves Next's server (and its node_modules) outside this file.
createRequire(__filename)(path.join(__dirname, 'next-server.js'));
