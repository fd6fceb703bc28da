// ESLint: Next's rules (core web vitals, TypeScript) plus the layer boundaries of docs/architecture.md.
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

const ioModules = [
  'node:*',
  'fs',
  'path',
  'child_process',
  'pg',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/*',
  'nodemailer',
  'next/*',
  'react',
  'react-dom',
];

const config = [
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    ignores: [
      '.next*/**',
      'node_modules/**',
      'release/**',
      '.ci/tools/**',
      'data/**',
      'reports/**',
      'test-results*/**',
      'next-env.d.ts',
      'public/**',
      'lib/api/paths.d.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // lib/domain is pure: shared by the screens, the BFF and the API.
            { target: './lib/domain', from: ['./donation-api', './lib/server', './components', './app', './lib/query'] },
            // The screens reach data only through the BFF or the API client, never the API's code.
            { target: './components', from: ['./donation-api'] },
            // The API depends only on lib/domain.
            { target: './donation-api', from: ['./app', './components', './lib/server', './lib/query', './lib/i18n'] },
          ],
        },
      ],
    },
  },
  {
    // react-hook-form's watch() is flagged for the React Compiler, which this app does not use.
    rules: { 'react-hooks/incompatible-library': 'off' },
  },
  {
    files: ['tests/**', 'e2e/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      // Playwright fixtures call their continuation `use`, which is not React's hook.
      'react-hooks/rules-of-hooks': 'off',
    },
  },
  {
    // Every browser test takes `test` from e2e/support/test.ts, which closes the contexts a test opened itself.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/test.ts', 'e2e/release/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: 'Import test from e2e/support/test.ts.' }] },
      ],
    },
  },
  {
    files: ['lib/domain/**/*.ts'],
    ignores: ['lib/domain/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ioModules }] },
  },
];

export default config;
