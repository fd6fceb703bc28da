import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { SECURITY_HEADERS } from './scripts/edge-contract.mjs';
import { sourceHash } from './scripts/source-hash.mjs';

// Messages are precompiled at build time (icu-minify): the browser formats them without intl-messageformat
// (about 10 kB gzip less on every page). Experimental in next-intl 4; the messages use plain arguments and tags only.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './web/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', sourceLocale: 'en', precompile: true } },
});

const nextConfig: NextConfig = {
  // Packages with native code or wasm assets must load from node_modules, not the bundle (pdfkit reads its font
  // metrics from its own folder at run time).
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pino', 'nodemailer', 'pdfkit', 'exceljs'],
  // NEXT_DIST_DIR lets several builds of one checkout live side by side (parallel e2e runs).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // A self-contained server (node server.js) for releases: npm run package copies it with the static files,
  // public/ and the migrations into one folder. npm start still runs next start on the same build.
  output: 'standalone',
  // Migrations are read from disk when the database opens, not imported: tell the file tracing.
  outputFileTracingIncludes: { '/**': ['./donation-api/db/migrations/**/*'] },
  // The build's id is the hash of what it was built from, so npm start can tell a stale build (after an upgrade)
  // and servers built from the same tree share one id.
  generateBuildId: () => sourceHash(/*turbopackIgnore: true*/ process.cwd()),
  // Every answer, static files and the API included (the /api calls the edge answers itself get the same list,
  // scripts/direct-api.mts); the page CSP (with its nonce) and HSTS come from proxy.ts.
  async headers() {
    return [{ source: '/:path*', headers: SECURITY_HEADERS }];
  },
  typedRoutes: false,
  // CI runs lint (tsc over the whole project, Next's route types included) before the build, and sets
  // SKIP_BUILD_TYPECHECK=1 so the build does not check the same types again. Anyone else's build checks them.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
};

export default withNextIntl(nextConfig);
