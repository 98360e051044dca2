/**
 * The docs stay true (issue 17, item 12): every relative link points at a file that exists, and
 * benchmark figures live in docs/benchmarks/ only, where the scripts write them, not in prose
 * that nobody reruns.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

async function markdownFiles(): Promise<string[]> {
  const docs = await readdir('docs', { recursive: true, withFileTypes: true });
  return [
    'README.md',
    ...docs
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => join(entry.parentPath, entry.name)),
  ];
}

describe('docs', () => {
  it('link only to files that exist', async () => {
    const broken: string[] = [];
    for (const file of await markdownFiles()) {
      const text = await readFile(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        if (!existsSync(join(dirname(file), target!))) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keep measured figures (p50/p99 in ms) in docs/benchmarks/ only', async () => {
    const figures: string[] = [];
    for (const file of await markdownFiles()) {
      if (file.startsWith(join('docs', 'benchmarks'))) continue;
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (/\bp(50|99)\b[^.]*\d+\s*ms/.test(line)) figures.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(figures).toEqual([]);
  });
});
