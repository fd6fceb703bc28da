// Loads .env* exactly as `next start` does (@next/env: .env.production.local, .env.local, .env.production, .env;
// variables already set win), so the command line, the seed and drizzle-kit act on the app's database.
// Import it first: modules read process.env when they load.
import { loadEnvConfig } from '@next/env';

loadEnvConfig(process.cwd(), process.env.NODE_ENV === 'development', {
  info: () => undefined,
  error: (...a: unknown[]) => console.error(...a),
});
