/**
 * One set of office hours (issue 12): only `site.officeHours` states them; page copy refers to it
 * (`{hours}` in the home contact strip, the contact page's details list).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { site } from '~/site.config';

/** A time of day as copy writes it: "9:30 am", "10 am", "19:00". */
const TIME = /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b/i;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('office hours', () => {
  it('are stated once, in site.config', () => {
    expect(site.officeHours).toMatch(TIME);
    const copy = [...files('src/content'), ...files('src/components'), ...files('src/layouts')].filter(
      (path) => /\.(md|ya?ml|ts|tsx|astro)$/.test(path),
    );
    const stating = copy.filter((path) => TIME.test(readFileSync(path, 'utf8')));
    expect(stating).toEqual([]);
  });
});
