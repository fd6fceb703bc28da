import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  // Packages with native code or wasm assets must load from node_modules, not the bundle.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pino', 'nodemailer'],
  // NEXT_DIST_DIR lets several builds of one checkout live side by side (parallel e2e runs).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
