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
  noDomainInStorage: {
    group: ['~/server/domain', '~/server/domain/*', '~/server/http/*', '**/domain/*', '**/http/*'],
    message:
      'Storage is the bottom server layer: it imports nothing from the domain or http (STYLE.md); the domain reads its errors (fromStorageError).',
  },
  noBrowserInServer: {
    group: [
      '~/stores',
      '~/stores/*',
      '~/components/*',
      '~/lib/client/*',
      '**/stores/*',
      '**/components/*',
      '**/lib/client/*',
    ],
    message: 'Server code must not import browser code: stores, components or src/lib/client (STYLE.md).',
  },
  zodThroughShared: {
    group: ['zod/mini'],
    allowTypeImports: true,
    message: "Import zod/mini from '~/lib/shared/zod': it turns off zod's eval probe, which the CSP refuses.",
  },
  fullZodOnlyInCatalogue: {
    regex: '^zod(/v4(/classic)?)?$',
    allowTypeImports: true,
    message:
      'Full zod is for the course catalogue only (src/lib/shared/schemas/course-catalogue.ts): a browser bundle that reached it would carry full zod and build its schemas on every page load. Use ~/lib/shared/zod (zod/mini).',
  },
  noComponentsInStores: {
    group: ['~/components/*', '**/components/*'],
    message: 'Stores never import components: data flows one way (STYLE.md).',
  },
};

/**
 * A config block that refuses imports matching `patterns` in `files`. A later block for the same
 * file replaces an earlier one's list, so each block names every rule of its layer.
 * @param {string[]} files
 * @param {(({ group: string[] } | { regex: string }) & { message: string; allowTypeImports?: boolean })[]} patterns
 * @param {{ ignores?: string[] }} [options]
 * @returns {import('eslint').Linter.Config}
 */
function restrictImports(files, patterns, options = {}) {
  return { files, ...options, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

export default defineConfig(
  {
    ignores: [
      'dist*/',
      '.netlify/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'reports/',
      '.stryker-tmp/',
    ],
  },
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
  // Everything in src/ except the server layers.
  restrictImports(
    ['src/**/*.{ts,tsx,astro}'],
    [
      layerRules.zodThroughShared,
      layerRules.fullZodOnlyInCatalogue,
      layerRules.blobsOnlyInStorage,
      layerRules.noServerInClient,
    ],
    {
      ignores: ['src/server/**'],
    },
  ),
  restrictImports(
    ['src/stores/**/*.ts'],
    [
      layerRules.zodThroughShared,
      layerRules.fullZodOnlyInCatalogue,
      layerRules.blobsOnlyInStorage,
      layerRules.noServerInClient,
      layerRules.noComponentsInStores,
    ],
  ),
  restrictImports(
    ['src/server/**/*.ts'],
    [layerRules.zodThroughShared, layerRules.blobsOnlyInStorage, layerRules.noBrowserInServer],
    {
      ignores: ['src/server/storage/**'],
    },
  ),
  restrictImports(
    ['src/server/storage/**/*.ts'],
    [layerRules.zodThroughShared, layerRules.noBrowserInServer, layerRules.noDomainInStorage],
  ),
  restrictImports(
    ['netlify/functions/**/*.mts', 'src/server/http/**/*.ts'],
    [
      layerRules.zodThroughShared,
      layerRules.blobsOnlyInStorage,
      layerRules.noStorageInHandlers,
      layerRules.noBrowserInServer,
    ],
  ),
  // Shared code runs in the browser and in functions: no Node built-ins.
  restrictImports(
    ['src/lib/shared/**/*.ts'],
    [
      layerRules.zodThroughShared,
      layerRules.fullZodOnlyInCatalogue,
      layerRules.blobsOnlyInStorage,
      layerRules.noServerInClient,
      { group: ['node:*'], message: 'src/lib/shared/ runs in the browser too: no node: imports.' },
    ],
  ),
);
