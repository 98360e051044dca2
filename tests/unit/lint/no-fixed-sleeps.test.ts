/**
 * Browser tests wait for events, not for time (issue 17, item 10): a fixed pause is too short on
 * a slow machine and wasted on a fast one.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('browser tests', () => {
  it('never sleep a fixed time (waitForTimeout, setTimeout as a pause)', async () => {
    const entries = await readdir('tests/e2e', { recursive: true, withFileTypes: true });
    const sleeps: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const file = join(entry.parentPath, entry.name);
      (await readFile(file, 'utf8')).split('\n').forEach((line, index) => {
        if (/waitForTimeout\(|setTimeout\(resolve, \d/.test(line)) sleeps.push(`${file}:${index + 1}`);
      });
    }
    expect(sleeps).toEqual([]);
  });
});
