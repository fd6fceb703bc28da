// The one loading of .env* files for every entry point (scripts/start.mjs, the release folder's server.js and
// admin.cjs, the tsx command lines through scripts/load-env.ts), done before anything reads the environment:
// Next's standalone server reads PORT and HOSTNAME, and our server TRUSTED_PROXY_HOPS, before Next loads any file.
// Same files and order as `next start` (@next/env: .env.production.local, .env.local, .env.production, .env), and
// variables already set in the environment win.
import * as nextEnv from '@next/env';

// @next/env is CommonJS: Node's ESM sees it as the default export only, tsx (which runs the command lines as
// CommonJS) and the bundles of scripts/package.mjs as named exports.
const { loadEnvConfig } = nextEnv.loadEnvConfig ? nextEnv : nextEnv.default;

/** Loads the .env* files of dir into process.env (production files unless dev). */
export function loadEnvFiles(dir, dev = false) {
  loadEnvConfig(dir, dev, { info: () => undefined, error: (...a) => console.error(...a) });
}
