/** India Standard Time is handled in one module (issue 17, item 7): no other file spells it out. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const THE_MODULE = 'src/lib/shared/dates.ts';
const IST_BY_HAND = /Asia\/Kolkata|330 \* 60|5 \* 60 \+ 30|\+05:30|getUTCMonth\(\) >= 3|month >= 4/;

describe('one module for India Standard Time', () => {
  it(`only ${THE_MODULE} names the zone, its offset or the financial year's first month`, async () => {
    const entries = await readdir('src', { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && /\.(ts|tsx|astro|mjs)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => file !== THE_MODULE);
    const offenders: string[] = [];
    for (const file of files) {
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (IST_BY_HAND.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
