import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assertWrittenAgainst,
  installedVersion,
  versionProblems,
  WRITTEN_AGAINST,
} from '../../../scripts/serve/versions.mjs';

afterEach(() => vi.restoreAllMocks());

describe('the local server checks the Netlify packages it follows (issue 17, item 9)', () => {
  it('finds the installed versions to be the ones it was written against', () => {
    for (const [name, version] of Object.entries(WRITTEN_AGAINST)) {
      expect(installedVersion(name, process.cwd()), name).toBe(version);
    }
    expect(versionProblems((name) => installedVersion(name, process.cwd()))).toEqual([]);
  });

  it('stops at start with a sentence naming the package, both versions and what to do', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    assertWrittenAgainst(process.cwd(), (name) =>
      name === '@netlify/dev' ? '6.0.0' : WRITTEN_AGAINST[name as keyof typeof WRITTEN_AGAINST],
    );
    expect(exit).toHaveBeenCalledWith(1);
    const said = String(error.mock.calls[0]?.[0]);
    expect(said).toContain('@netlify/dev is 6.0.0, but scripts/serve/ was written against 5.1.3');
    expect(said).toContain('npm ci');
    expect(versionProblems(() => undefined)).toHaveLength(Object.keys(WRITTEN_AGAINST).length);
  });
});
