// GET /serwist/sw.js: the service worker, bundled by esbuild from app/sw.ts at build time (generateStaticParams),
// with the build's static files as its precache list. @serwist/turbopack keeps `next build` on Turbopack (Next 16's
// default); the webpack plugin (@serwist/next) would need `next build --webpack` for the whole app.
import { createSerwistRoute } from '@serwist/turbopack';

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'app/sw.ts',
  useNativeEsbuild: true,
  // The background pictures of the sign-in page are large and not needed offline.
  globIgnores: ['public/images/login-bg*'],
});
