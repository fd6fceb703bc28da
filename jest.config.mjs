import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.test.ts', '<rootDir>/lib/**/*.test.ts', '<rootDir>/donation-api/**/*.test.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1', '^server-only$': '<rootDir>/tests/support/empty.js' },
  testTimeout: 60000,
  maxWorkers: 2,
};

const base = createJestConfig(config);
// next-intl and its dependencies ship ESM only; let SWC transform them.
export default async () => {
  const resolved = await base();
  resolved.transformIgnorePatterns = [
    '/node_modules/(?!(next-intl|use-intl|intl-messageformat|@formatjs|icu-minify|jose|oidc-provider)/)',
  ];
  return resolved;
};
