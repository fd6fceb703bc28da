// The release folder's server.js (bundled by scripts/package.mjs): Next's standalone server, renamed
// next-server.js, started after every HTTP server is made to rewrite x-forwarded-for from the socket as `npm start`
// does (TRUSTED_PROXY_HOPS: 0 = nothing in front, N = N trusted reverse proxies; see scripts/forwarded-for.mts).
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rewriteOnEveryServer } from './forwarded-for.mts';

rewriteOnEveryServer(http, Number(process.env.TRUSTED_PROXY_HOPS ?? 0));
// A runtime path, so the bundler leaves Next's server (and its node_modules) outside this file.
createRequire(__filename)(path.join(__dirname, 'next-server.js'));
