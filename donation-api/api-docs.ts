import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Context, Env, Hono, Schema } from 'hono';
import { Scalar } from '@scalar/hono-api-reference';

/**
 * /api/docs, the API's reference page for people, rendered in their browser by Scalar from /api/openapi.json.
 * Scalar's script is the app's own copy (the npm package @scalar/api-reference, pinned in package-lock.json) served
 * at /api/docs/scalar.js: by default the page ran the newest script of a public CDN, unpinned and without integrity,
 * on the app's origin (so with access to what the origin's pages can reach), and was blank without Internet access.
 * The page runs under a nonce Content-Security-Policy that allows nothing from another origin.
 */
export const SCALAR_SCRIPT_PATH = '/api/docs/scalar.js';

/**
 * Where the script is: node_modules of the checkout, or of the release folder (scripts/package.mjs copies it there;
 * Next's standalone server runs in that folder).
 */
export function scalarScriptFile(root = process.cwd()): string {
  return path.join(root, 'node_modules', '@scalar', 'api-reference', 'dist', 'browser', 'standalone.js');
}

/** The reference page's policy: its own two script tags (nonce), Scalar's inline styles, data only from here. */
export function apiDocsPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

let script: Uint8Array<ArrayBuffer> | null = null;

export function registerApiDocs<E extends Env, S extends Schema, B extends string>(app: Hono<E, S, B>): void {
  app.get('/docs', async (c) => {
    const nonce = randomBytes(16).toString('base64');
    c.header('content-security-policy', apiDocsPolicy(nonce));
    const page = Scalar(() => ({
      url: '/api/openapi.json',
      pageTitle: 'Retail Food Program donation API',
      cdn: SCALAR_SCRIPT_PATH,
      nonce,
      // Scalar's defaults fetch fonts from its own servers and report usage to them.
      withDefaultFonts: false,
      telemetry: false,
    }));
    // Scalar's handler is typed for Hono's default environment; it reads only the request and writes the page.
    return page(c as unknown as Context, async () => undefined);
  });
  app.get('/docs/scalar.js', (c) => {
    try {
      script ??= new Uint8Array(fs.readFileSync(scalarScriptFile()));
    } catch {
      return c.json({ code: 'NOT_FOUND', message: 'The reference page’s script is not installed.' }, 404);
    }
    return c.body(script, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    });
  });
}
