/**
 * The committed pictures are what `npm run draw:art` draws from today's catalogue, team and
 * script: a course or leader changed without redrawing fails here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const out = mkdtempSync(join(tmpdir(), 'draw-art-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('draw:art', () => {
  it('redraws every committed picture byte for byte', { timeout: 60_000 }, () => {
    execFileSync(process.execPath, ['scripts/draw-art.mjs'], { env: { ...process.env, ART_OUT: out } });
    for (const folder of ['courses', 'team', 'products', 'services']) {
      const drawn = readdirSync(join(out, folder)).sort();
      expect(readdirSync(join('public/images', folder)).sort(), folder).toEqual(drawn);
      for (const file of drawn)
        expect(readFileSync(join('public/images', folder, file), 'utf8'), `${folder}/${file}`).toBe(
          readFileSync(join(out, folder, file), 'utf8'),
        );
    }
  });
});
