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

// The API's rooms, one per capability, and what sits above them (docs/architecture.md, The API's rooms).
const apiRooms = [
  './donation-api/donations',
  './donation-api/pickups',
  './donation-api/program',
  './donation-api/partners',
  './donation-api/people-places',
  './donation-api/sign-in',
];
const apiAbove = ['./donation-api/jobs', './donation-api/demo', './donation-api/routes'];
// The API's own floor, which every room reads: its context, router, errors, audit, settings, logging and guards.
const apiShared = ['context', 'router', 'errors', 'audit', 'config', 'env', 'logger', 'edge-checks', 'idempotency'].map(
  (name) => `./donation-api/${name}.ts`,
);

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
      'web/api/paths.d.ts',
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
            { target: './lib/domain', from: ['./donation-api', './web', './components', './app'] },
            // The screens reach data only through the BFF or the API client, never the API's code.
            { target: './components', from: ['./donation-api'] },
            // The API depends only on lib/domain; the web app (web/, app/, components/) sits above it.
            { target: './donation-api', from: ['./app', './components', './web'] },
            // Inside the API, floors: db below auth, mail and http (what every room's routes share), those below
            // the rooms (donations, program, partners, people-places, sign-in), the rooms below the jobs, the demo
            // data and the route registration.
            {
              target: './donation-api/db',
              from: [...apiRooms, ...apiAbove, './donation-api/auth', './donation-api/mail', './donation-api/http'],
            },
            { target: './donation-api/http', from: [...apiRooms, ...apiAbove] },
            { target: './donation-api/auth', from: [...apiRooms, ...apiAbove] },
            { target: './donation-api/mail', from: [...apiRooms, ...apiAbove] },
            { target: apiRooms, from: apiAbove },
            { target: apiShared, from: [...apiRooms, ...apiAbove] },
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
