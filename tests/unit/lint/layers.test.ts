/**
 * The layer rules of STYLE.md are lint rules: each is shown failing on a probe file placed where
 * the rule applies (linted as text, nothing is written to disk).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('layer rules', () => {
  it.each([
    [
      'src/server/domain/probe.ts',
      "import { $user } from '~/stores/session';",
      /must not import browser code/,
    ],
    [
      'src/server/domain/probe.ts',
      "import Header from '~/components/islands/Header';",
      /must not import browser code/,
    ],
    [
      'src/server/storage/probe.ts',
      "import { apiRequest } from '~/lib/client/api';",
      /must not import browser code/,
    ],
    ['netlify/functions/probe.mts', "import { $cart } from '~/stores/cart';", /must not import browser code/],
    [
      'src/stores/probe.ts',
      "import Header from '~/components/islands/Header';",
      /Stores never import components/,
    ],
    ['src/stores/probe.ts', "import { serverEnv } from '~/server/env';", /must not import server code/],
    [
      'src/components/islands/Probe.tsx',
      "import { openStore } from '~/server/storage/blob-store';",
      /server code/,
    ],
    [
      'netlify/functions/probe.mts',
      "import { openStore } from '~/server/storage/blob-store';",
      /only src\/server\/domain\/ uses storage/,
    ],
    [
      'src/server/domain/probe.ts',
      "import { getStore } from '@netlify/blobs';",
      /Only src\/server\/storage\//,
    ],
    [
      'src/server/storage/probe.ts',
      "import { ValidationError } from '~/server/domain/errors';",
      /imports nothing from the domain/,
    ],
    [
      'src/server/storage/probe.ts',
      "import { NotFound } from '../domain/errors';",
      /imports nothing from the domain/,
    ],
    ['src/lib/shared/probe.ts', "import { createHash } from 'node:crypto';", /no node: imports/],
    ['src/stores/probe.ts', "import * as z from 'zod/mini';", /~\/lib\/shared\/zod/],
    ['src/server/storage/probe.ts', "import * as z from 'zod/mini';", /~\/lib\/shared\/zod/],
  ])('%s: %s is refused', async (file, source, message) => {
    const errors = await importErrors(file, `${source}\nexport const probe = 1;\n`);
    expect(
      errors.some((text) => message.test(text)),
      errors.join(' | '),
    ).toBe(true);
  });

  it('allows the arrows that point down', async () => {
    expect(
      await importErrors(
        'src/server/domain/probe.ts',
        "import { openStore } from '~/server/storage/blob-store';\nexport const probe = openStore;\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        'src/stores/probe.ts',
        "import { apiRequest } from '~/lib/client/api';\nexport const probe = apiRequest;\n",
      ),
    ).toEqual([]);
  });
});
