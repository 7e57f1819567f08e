// One linter for the whole tree: TypeScript rules, React hooks, and the layering rules of the
// developers' guide (the client never imports the BFF; features never import each other).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { localRules } from './eslint-local-rules.js';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'node_modules',
      'coverage',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
      'src/api/*.gen.ts',
      'public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain-JavaScript launchers (npm start runs compiled code, never TypeScript at run time).
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The browser bundle must never pull in server code (it holds the session sealing and keys).
    files: ['src/**/*.{ts,tsx}'],
    // Tests and the code generator run in Node (they may read files); never part of the bundle.
    ignores: ['src/server/**', 'src/api/codegen/**', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/server/**',
                '@/server/**',
                '**/server',
                'node:*',
                'fastify',
                '@fastify/*',
              ],
              message: 'Client code must not import the BFF (src/server) or Node-only modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // The editor kit's core has no React (tested headless); its binding is react.tsx beside it.
    files: ['src/editor-kit/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'The editor kit core has no React (see react.tsx).' },
            { name: 'react-dom', message: 'The editor kit core has no React.' },
            { name: 'zustand', message: 'Use zustand/vanilla in the kit core.' },
            {
              name: '@tanstack/react-query',
              message: 'Use @tanstack/query-core in the kit core.',
            },
          ],
          patterns: [
            {
              group: ['**/server/**', '@/server/**', 'node:*', 'fastify', '@fastify/*'],
              message: 'Client code must not import the BFF (src/server) or Node-only modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // The boundaries between the client, the BFF and the simulator (proved by
    // src/layer-boundaries.test.ts): see eslint-local-rules.js.
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.{ts,tsx}', 'e2e/**/*.{ts,tsx}'],
    plugins: { local: localRules },
    rules: { 'local/layer-boundaries': 'error' },
  },
  {
    // The client's shared layers have an order, and no import runs up it (proved by
    // src/layer-order.test.ts): api < lib < shared-rules, caption-painter < editor-kit <
    // components < features < routes. See eslint-local-rules.js.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**'],
    plugins: { local: localRules },
    rules: { 'local/layer-order': 'error' },
  },
  {
    // Features are independent: shared code lives in the shared layers below them.
    files: ['src/features/**/*.{ts,tsx}'],
    plugins: { local: localRules },
    rules: {
      'local/no-cross-feature-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@/server/**', 'node:*', 'fastify', '@fastify/*'],
              message: 'Client code must not import the BFF (src/server) or Node-only modules.',
            },
            {
              group: ['@/routes/**', '**/routes/**'],
              message: 'Features do not import routes.',
            },
          ],
        },
      ],
    },
  },
);
