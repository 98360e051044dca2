/**
 * Stores export read-only atoms only (issue 17, item 8): a page reads a store's atoms and calls
 * its functions; only the store itself changes its atoms. A writable atom is kept private and
 * exported typed as `ReadableAtom`, or the export is a `computed`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('stores', () => {
  it('export no writable atom', async () => {
    const files = (await readdir('src/stores')).filter((name) => name.endsWith('.ts'));
    const writable: string[] = [];
    for (const file of files) {
      const source = await readFile(join('src/stores', file), 'utf8');
      for (const match of source.matchAll(/^export const (\$\w+)(?::\s*([\w<]+))?\s*=\s*([\w.]+)/gm)) {
        const [, name, type, init] = match;
        const readOnly = type?.startsWith('ReadableAtom') || init === 'computed';
        if (!readOnly) writable.push(`${file}: ${name} = ${init}(...)`);
      }
    }
    expect(writable).toEqual([]);
  });
});

describe('icons', () => {
  it('are drawn in one place: no island but icons.tsx writes its own <svg> (issue 17, item 11)', async () => {
    const entries = await readdir('src/components/islands', { recursive: true, withFileTypes: true });
    const drawing: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.tsx') || entry.name === 'icons.tsx') continue;
      const file = join(entry.parentPath, entry.name);
      if ((await readFile(file, 'utf8')).includes('<svg')) drawing.push(file);
    }
    expect(drawing).toEqual([]);
  });
});

describe('the scripts', () => {
  it('are checked by the compiler: every .mjs under scripts/, the local server included, is // @ts-check (issue 17, item 9; issue 42, item 10)', async () => {
    const files = (await readdir('scripts', { recursive: true }))
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => join('scripts', name));
    expect(files).toContain(join('scripts', 'serve', 'warm-functions.mjs'));
    const unchecked: string[] = [];
    for (const file of files) {
      // A shebang, if any, stays the first line.
      const text = (await readFile(file, 'utf8')).replace(/^#!.*\n/, '');
      if (!text.startsWith('// @ts-check')) unchecked.push(file);
    }
    expect(unchecked).toEqual([]);
  });
});
