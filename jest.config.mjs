import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  testMatch: [
    '<rootDir>/tests/**/*.test.ts',
    '<rootDir>/lib/**/*.test.ts',
    '<rootDir>/web/**/*.test.ts',
    '<rootDir>/donation-api/**/*.test.ts',
  ],
  // scripts/*.mts run under plain Node (type stripping) and are imported as .mjs, the way TypeScript names them.
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/tests/support/empty.js',
    // The edge's contract with the build is plain JavaScript (serve.mjs loads it before any TypeScript).
    '^(.*/scripts/edge-contract)\\.mjs$': '$1.mjs',
    '^(.*/scripts/.*)\\.mjs$': '$1.mts',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'jsx', 'json', 'mts'],
  // A query sent while others wait on the same PostgreSQL connection fails its test (see the file).
  setupFiles: ['<rootDir>/tests/support/one-query-at-a-time.ts'],
  testTimeout: 60000,
  maxWorkers: 2,
  // Build outputs and release folders carry copies of package.json and the sources.
  modulePathIgnorePatterns: ['<rootDir>/\\.next', '<rootDir>/release/'],
};

const base = createJestConfig(config);
// Packages are loaded as they ship. The ESM-only ones (jose, oidc-provider, next-intl and use-intl, which the API's
// mails format with) load as ES modules: SWC would turn them into CommonJS that jest still runs as ESM ("exports is
// not defined").
const jestConfig = async () => {
  const resolved = await base();
  // The plain .mjs modules of scripts/ are ESM for Node (the .mts files there import them): loaded as they are, since
  // SWC would make them CommonJS, whose names an ES module cannot import.
  resolved.transformIgnorePatterns = ['/node_modules/', '<rootDir>/scripts/[^/]+\\.mjs$'];
  return resolved;
};
export default jestConfig;
