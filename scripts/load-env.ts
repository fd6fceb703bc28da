// The command lines' loading of .env* (scripts/env-files.mjs) from the folder they run in, so the command line, the
// seed and drizzle-kit act on the app's database. Import it first: modules read process.env when they load.
import { loadEnvFiles } from './env-files.mjs';

loadEnvFiles(process.cwd(), process.env.NODE_ENV === 'development');
