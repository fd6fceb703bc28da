#!/usr/bin/env node
// npm run package: one self-contained release folder, release/rfp-donations-<version>/, started with
// `node server.js` (Node 24.9 or newer, scripts/check-node.mjs; no npm install there). It holds Next's standalone
// server with the node_modules it needs, the static files, public/, the database migrations, admin.cjs (npm run
// admin) and .env.example (every setting, which README.txt and the environment errors point to). Builds first when
// the build is missing or stale (same rule as npm start).
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { sourceHash } from './source-hash.mjs';

// Imported once the Node check has passed: an older Node cannot even load a .mts file.
const { adminBundle } = await import('./admin-bundle.mts');
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const dist = process.env.NEXT_DIST_DIR || '.next';
const built = fs.existsSync(path.join(dist, 'BUILD_ID')) ? fs.readFileSync(path.join(dist, 'BUILD_ID'), 'utf8').trim() : null;
if (built !== sourceHash(root) || !fs.existsSync(path.join(dist, 'standalone', 'server.js'))) {
  console.log('package: building first (next build)…');
  const r = spawnSync(process.execPath, [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const out = path.resolve(process.env.RELEASE_DIR || path.join('release', `${pkg.name}-${pkg.version}`));
fs.rmSync(out, { recursive: true, force: true });
const copy = (from, to) => fs.cpSync(from, path.join(out, to), { recursive: true, verbatimSymlinks: true });
copy(path.join(dist, 'standalone'), '.');
// Next's server.js keeps a client-sent x-forwarded-for; ours (scripts/release-server.mts) rewrites it from the
// socket first, then starts Next's, renamed next-server.js.
fs.renameSync(path.join(out, 'server.js'), path.join(out, 'next-server.js'));
await build({
  entryPoints: ['scripts/release-server.mts'],
  outfile: path.join(out, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  // The standalone node_modules has pino (the API logs with it): one copy, loaded as pino expects to be.
  external: ['pino'],
  logLevel: 'warning',
});
copy(path.join(dist, 'static'), path.join(dist, 'static'));
copy('public', 'public');
copy(path.join('donation-api', 'db', 'migrations'), path.join('donation-api', 'db', 'migrations'));
// /api/docs serves Scalar's browser script from node_modules (donation-api/api-docs.ts reads it by path, which Next's
// standalone tracing does not follow): the release gets that one file of the pinned package.
const scalarScript = path.join(path.dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference'))), 'browser', 'standalone.js');
copy(scalarScript, path.join('node_modules', '@scalar', 'api-reference', 'dist', 'browser', 'standalone.js'));
// The administration command line (npm run admin in a checkout) as one file: node admin.cjs <command>.
await build(adminBundle(path.join(out, 'admin.cjs')));
// Local settings and data of this checkout never go into a release; the settings' reference does.
for (const f of ['.env', '.env.local', '.env.production.local', 'data']) fs.rmSync(path.join(out, f), { recursive: true, force: true });
fs.copyFileSync('.env.example', path.join(out, '.env.example'));
fs.writeFileSync(
  path.join(out, 'README.txt'),
  `Retail Food Program donations ${pkg.version} (build ${sourceHash(root)}), on Node.js 24.9 or newer\n\n` +
    `Settings: the environment, or a .env.production.local file in this folder (read before anything else, PORT,\n` +
    `HOSTNAME and TRUSTED_PROXY_HOPS included; variables set in the environment win). Every setting is described in\n` +
    `.env.example. In production at least NEXTAUTH_SECRET (openssl rand -base64 32) and NEXTAUTH_URL (https://...).\n` +
    `Without DATABASE_URL (postgres://...) the embedded database lives in DATA_DIR (default ./data).\n\n` +
    `Start: node server.js   (health: GET /api/health is the process; GET /api/ready the database, 503 until ready)\n` +
    `No demo users are created here unless SEED_DEMO=true. On an empty database, create the first program\n` +
    `administrator (the password is typed twice, or given with --password), then sign in at NEXTAUTH_URL:\n` +
    `  node admin.cjs create-admin <username> <email>\n` +
    `Administration and backups (same settings; stop the app first when the database is the embedded one):\n` +
    `  node admin.cjs help\n`,
);
console.log(`package: ${path.relative(root, out)} (start it with: cd ${path.relative(root, out)} && node server.js)`);
