/**
 * A member of staff edits the site in Keystatic (DECISIONS 64), through its own UI, in local mode
 * (`astro dev`, which this file starts itself: the suite's server is the production build, where
 * the editor is off). One journey: the rupee price of a course, then a new blog post with a cover;
 * both files change on disk, pass the build's content schemas (`astro sync`) and the catalogue's,
 * and a build of a copy of the project shows both. Every file it touches is put back as it was,
 * whatever happens.
 *
 * Tagged @editor and left out of `npm test` (a dev server takes 1-4 minutes to start on a busy
 * 2-core machine): run it with `E2E_EDITOR=only npx playwright test tests/e2e/editor.spec.ts` (`E2E_EDITOR=1`: with the rest of the suite), or
 * against a running `npm run dev` with `E2E_EDITOR_ORIGIN=http://127.0.0.1:4321` as well.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import type { CatalogueFile } from '../../src/lib/shared/schemas/course';

const COURSES = 'src/content/courses.json';
const POST_SLUG = `editor-journey-${Date.now()}`;
const POST = `src/content/blog/${POST_SLUG}.md`;
const COVER_DIR = `src/assets/blog/${POST_SLUG}`;
/** A 1x1 PNG: the cover the post is given. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Runs Astro's CLI with the Node that runs this test (the project's Node 22). */
function astro(...args: string[]): string[] {
  return ['node_modules/astro/bin/astro.mjs', ...args];
}

test.describe('@editor the content editor', () => {
  // Start-up of astro dev on a loaded machine (PLATFORM-NOTES) plus the journey.
  test.setTimeout(900_000);

  let dev: ChildProcess | undefined;
  let origin = '';
  const coursesBefore = readFileSync(COURSES, 'utf8');
  // The covers' folders may not exist yet (no post has a cover before the first one).
  const madeFolders = ['src/assets/blog', 'src/assets'].filter((folder) => !existsSync(folder));

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // A dev server already running (`npm run dev`, local mode) may be named instead of started.
    if (process.env['E2E_EDITOR_ORIGIN']) {
      origin = process.env['E2E_EDITOR_ORIGIN'];
      return;
    }
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dev = spawn(process.execPath, astro('dev', '--port', String(port), '--host', '127.0.0.1'), {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      detached: true,
    });
    let log = '';
    dev.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    dev.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await expect
      .poll(
        async () => {
          if (dev?.exitCode !== null) throw new Error(`astro dev stopped:\n${log}`);
          return fetch(`${origin}/keystatic`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 280_000, intervals: [1_000, 2_000] },
      )
      .toBe(200);
  });

  test.afterAll(() => {
    // The repository as it was: the catalogue's bytes, and no trace of the post.
    writeFileSync(COURSES, coursesBefore);
    rmSync(POST, { force: true });
    rmSync(COVER_DIR, { recursive: true, force: true });
    for (const folder of madeFolders) rmSync(folder, { recursive: true, force: true });
    if (dev?.pid) process.kill(-dev.pid, 'SIGTERM');
  });

  test('staff change a course price in rupees and publish a blog post; the build accepts both', async ({
    page,
  }) => {
    const started = Date.now();
    const before = (JSON.parse(coursesBefore) as CatalogueFile).courses[0]!;
    const newPrice = before.discountedFeesInr === 12_499 ? 12_999 : 12_499;

    // The course: its dialog in the Courses list, the rupee price, Done, Save.
    await page.goto(`${origin}/keystatic/singleton/courses`, { timeout: 120_000 });
    await page.getByText(before.name, { exact: true }).click();
    const dialog = page.getByRole('dialog');
    const rupees = dialog.getByRole('textbox', { name: 'Price charged (₹)', exact: true });
    await rupees.fill(String(newPrice));
    await rupees.blur();
    await dialog.getByRole('button', { name: 'Done' }).click();
    // A saved content file makes the dev server reload the page (Astro's content sync): wait for
    // that reload before the next form, which it would otherwise wipe half-filled.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 }).catch(() => undefined);
    await page.getByRole('button', { name: 'Save' }).click();
    // Read again until saved: a read while the editor writes the file finds it empty or half written.
    const savedPrice = () => {
      try {
        return (JSON.parse(readFileSync(COURSES, 'utf8')) as CatalogueFile).courses[0]?.discountedFeesInr;
      } catch {
        return undefined;
      }
    };
    await expect.poll(savedPrice, { timeout: 30_000 }).toBe(newPrice);
    await reloaded;
    const after = JSON.parse(readFileSync(COURSES, 'utf8')) as CatalogueFile;
    // Only that price moved: every other course and field is as it was.
    const expected = JSON.parse(coursesBefore) as CatalogueFile;
    expected.courses[0]!.discountedFeesInr = newPrice;
    expect(after).toEqual(expected);

    // The post: title (its address follows), description, author, a tag, a cover, its text.
    await page.goto(`${origin}/keystatic/collection/blog/create`, { timeout: 120_000 });
    await page
      .getByRole('textbox', { name: 'Title', exact: true })
      .fill('What a first week of training looks like');
    const address = page.getByRole('textbox', { name: 'Address', exact: true });
    await address.fill(POST_SLUG);
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill(
        'Five evenings, one lab each and a code review on Saturday: the first week of a live online batch.',
      );
    await page.getByRole('textbox', { name: 'Author', exact: true }).fill('Arjun Bhide');
    await page.getByRole('group', { name: /^Tags/ }).getByRole('button', { name: 'Add' }).click();
    const tagDialog = page.getByRole('dialog');
    await tagDialog.getByRole('textbox', { name: 'Tag', exact: true }).fill('Training');
    await tagDialog.getByRole('button', { name: 'Add', exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('group', { name: 'Cover' }).getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await page
      .getByRole('textbox', { name: 'Cover text alternative', exact: true })
      .fill('A trainer reviewing a student’s code on a shared screen');
    await page.getByRole('textbox', { name: 'Post', exact: true }).fill('Every batch starts the same way.');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => existsSync(POST), { timeout: 60_000 }).toBe(true);
    const post = readFileSync(POST, 'utf8');
    expect(post).toContain('title: What a first week of training looks like');
    expect(post).toContain('Every batch starts the same way.');
    expect(post).toMatch(/cover: \.\.\/\.\.\/assets\/blog\/editor-journey-\d+\/cover\.png/);
    expect(existsSync(`${COVER_DIR}/cover.png`)).toBe(true);

    // What the build checks: the content schemas (astro sync validates every entry) ...
    const sync = spawnSync(process.execPath, astro('sync'), { encoding: 'utf8', timeout: 120_000 });
    expect(sync.stderr + sync.stdout).not.toMatch(
      /InvalidContentEntryDataError|does not match collection schema/,
    );
    expect(sync.status).toBe(0);
    // ... and the catalogue the API charges from: the new price is what a buyer in India pays.
    const { CatalogueFileSchema } = await import('../../src/lib/shared/schemas/course-catalogue');
    const parsed = CatalogueFileSchema.parse(after);
    expect(parsed.courses[0]!.discountedFeesPaise).toBe(newPrice * 100);

    // ... and the build itself, of a copy of the project as the editor left it (the suite's own
    // dist/ and .netlify/ stay as they are): the course page charges the new price, the post is
    // published with its cover, and the blog index links to it.
    const copy = mkdtempSync(join(tmpdir(), 'sis-editor-build-'));
    try {
      const skip = new Set([
        'node_modules',
        'dist',
        'dist-staff',
        '.netlify',
        '.astro',
        '.git',
        'test-results',
        'reports',
      ]);
      for (const entry of readdirSync('.'))
        if (!skip.has(entry)) cpSync(entry, join(copy, entry), { recursive: true });
      symlinkSync(resolve('node_modules'), join(copy, 'node_modules'), 'dir');
      const build = spawnSync(process.execPath, astro('build'), {
        cwd: copy,
        encoding: 'utf8',
        timeout: 600_000,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      });
      expect(build.status, build.stderr + build.stdout).toBe(0);
      const rupees = `₹${newPrice.toLocaleString('en-IN')}`;
      expect(readFileSync(join(copy, `dist/courses/${before.slug}.html`), 'utf8')).toContain(rupees);
      const built = readFileSync(join(copy, `dist/career/blogs/${POST_SLUG}.html`), 'utf8');
      expect(built).toContain('What a first week of training looks like');
      expect(built).toMatch(/<img[^>]+src="\/_astro\/cover\.[^"]+"/);
      expect(readFileSync(join(copy, 'dist/career/blogs.html'), 'utf8')).toContain(
        `/career/blogs/${POST_SLUG}`,
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    test.info().annotations.push({
      type: 'journey',
      description: `${Date.now() - started} ms after astro dev was up, the build included`,
    });
  });
});
