/**
 * Where the content editor runs (DECISIONS 64; API.md, Site content and feeds): local mode in
 * `astro dev`, GitHub mode on a build with its three settings, nowhere else; and the headers its
 * answers get from the function that serves them.
 */
import { describe, expect, it } from 'vitest';
import { editorMode, githubRepository } from '../../../integrations/keystatic.mjs';
import {
  EDITOR_HEADERS,
  editorPolicy,
  isEditorPath,
  onRequest,
} from '../../../integrations/keystatic-headers.mjs';

const GITHUB = {
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.abc',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'secret',
  KEYSTATIC_SECRET: 'x'.repeat(40),
};

describe('editor mode', () => {
  it('is local in astro dev, whatever is set', () => {
    expect(editorMode('dev', {})).toEqual({ mode: 'local' });
    expect(editorMode('dev', { ...GITHUB, KEYSTATIC_GITHUB_REPO: 'acme/site' })).toEqual({ mode: 'local' });
  });

  it('is off on a build without the settings (npm start, a deploy not set up): no /keystatic', () => {
    expect(editorMode('build', {}).mode).toBe('off');
    expect(editorMode('build', { KEYSTATIC_GITHUB_CLIENT_ID: ' ', KEYSTATIC_SECRET: '' }).mode).toBe('off');
  });

  it('is GitHub mode with the three settings and a repository', () => {
    expect(editorMode('build', { ...GITHUB, KEYSTATIC_GITHUB_REPO: 'acme/site' })).toEqual({
      mode: 'github',
      repo: 'acme/site',
    });
    // On Netlify the repository the site is built from stands in for KEYSTATIC_GITHUB_REPO.
    expect(editorMode('build', { ...GITHUB, REPOSITORY_URL: 'https://github.com/acme/site' })).toEqual({
      mode: 'github',
      repo: 'acme/site',
    });
  });

  it('stops the build on half the settings or no repository, naming what is missing', () => {
    expect(() => editorMode('build', { KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.abc' })).toThrow(
      /KEYSTATIC_GITHUB_CLIENT_SECRET, KEYSTATIC_SECRET/,
    );
    expect(() => editorMode('build', GITHUB)).toThrow(/KEYSTATIC_GITHUB_REPO/);
    expect(() =>
      editorMode('build', { ...GITHUB, KEYSTATIC_GITHUB_REPO: 'https://github.com/acme/site' }),
    ).toThrow(/owner\/name/);
  });

  it('reads owner/name from the repository URLs Netlify gives', () => {
    expect(githubRepository({ REPOSITORY_URL: 'https://github.com/acme/site.git' })).toBe('acme/site');
    expect(githubRepository({ REPOSITORY_URL: 'git@github.com:acme/my.site' })).toBe('acme/my.site');
    expect(githubRepository({ REPOSITORY_URL: 'https://gitlab.com/acme/site' })).toBeUndefined();
    expect(githubRepository({})).toBeUndefined();
  });
});

describe('editor headers', () => {
  it('apply to the editor and its API only', () => {
    expect(
      ['/keystatic', '/keystatic/singleton/courses', '/api/keystatic/github/login'].every(isEditorPath),
    ).toBe(true);
    expect(['/', '/keystatical', '/api/courses', '/career/blogs/keystatic'].some(isEditorPath)).toBe(false);
  });

  it('allow GitHub for the editor and inline scripts only by hash', () => {
    const policy = editorPolicy(["'sha256-abc='"]);
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("connect-src 'self' https://api.github.com");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("give the editor's answers the site's headers and no-store, and leave other answers alone", async () => {
    const answer = (pathname: string) =>
      onRequest(
        { url: new URL(pathname, 'https://example.com') } as Parameters<typeof onRequest>[0],
        async () => new Response('{}', { headers: { 'content-type': 'application/json' } }),
      ) as Promise<Response>;
    const editor = await answer('/api/keystatic/tree');
    for (const [name, value] of Object.entries(EDITOR_HEADERS)) expect(editor.headers.get(name)).toBe(value);
    const other = await answer('/courses/react');
    expect(other.headers.get('x-frame-options')).toBeNull();
  });
});
