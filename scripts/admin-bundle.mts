// How scripts/package.mjs bundles the administration command line (scripts/admin.ts) into the release folder's
// admin.cjs, one file; the tests bundle it the same way. Native and wasm packages stay outside the bundle: the
// release's node_modules has them, since the server uses them. Node 24 runs this file as it is.
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

/** esbuild's options for admin.cjs written to outfile. */
export function adminBundle(outfile: string): BuildOptions {
  return {
    entryPoints: [fileURLToPath(new URL('admin.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pino', 'nodemailer'],
    logLevel: 'warning',
  };
}
