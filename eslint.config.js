// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** STYLE.md's arrows, enforced: which layer may import which. */
const layerRules = {
  blobsOnlyInStorage: {
    group: ['@netlify/blobs', '@netlify/blobs/*'],
    message: 'Only src/server/storage/ may import @netlify/blobs (STYLE.md).',
  },
  noStorageInHandlers: {
    group: ['~/server/storage/*'],
    message: 'Handlers call the domain; only src/server/domain/ uses storage (STYLE.md).',
  },
  noServerInClient: {
    group: ['~/server/*', '**/server/*'],
    message: 'Code outside src/server/ must not import server code (STYLE.md).',
  },
};

export default defineConfig(
  { ignores: ['dist/', '.netlify/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  {
    // Everything in src/ except the server and storage layers.
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layerRules.blobsOnlyInStorage, layerRules.noServerInClient] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/storage/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [layerRules.blobsOnlyInStorage] }],
    },
  },
  {
    files: ['netlify/functions/**/*.mts', 'src/server/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layerRules.blobsOnlyInStorage, layerRules.noStorageInHandlers] },
      ],
    },
  },
  {
    // Shared code runs in the browser and in functions: no Node built-ins.
    files: ['src/lib/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layerRules.blobsOnlyInStorage,
            layerRules.noServerInClient,
            { group: ['node:*'], message: 'src/lib/shared/ runs in the browser too: no node: imports.' },
          ],
        },
      ],
    },
  },
);
