/**
 * The docs stay true (issue 17, item 12): every relative link points at a file that exists, and
 * benchmark figures live in docs/benchmarks/ only, where the scripts write them, not in prose
 * that nobody reruns. And the contract the code cites is in the repository (issue 32, item 2):
 * each `DECISIONS N`, `API.md` section, `product-spec section N` and `issue N` found in the code
 * and tests names an anchor or a heading that exists in docs/ (README, "How the code cites"), and
 * so does each `STYLE N` of the house style (issue 38, item 10: docs/style.md, not a file outside
 * the repository).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
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

/** Folders whose files cite the contract, and the kinds of file read there. */
const CITING_FOLDERS = ['src', 'netlify', 'scripts', 'integrations', 'tests'];
/** Files at the top that cite it too (the lint config names the house style's layer rules). */
const CITING_TOP_FILES = ['eslint.config.js', 'astro.config.mjs', 'playwright.config.ts', 'vitest.config.ts'];
const CITING_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.mjs',
  '.js',
  '.astro',
  '.css',
  '.md',
  '.yaml',
  '.json',
]);

async function citingFiles(): Promise<{ file: string; text: string }[]> {
  const files: { file: string; text: string }[] = [];
  for (const folder of CITING_FOLDERS) {
    for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !CITING_EXTENSIONS.has(extname(entry.name))) continue;
      const file = join(entry.parentPath, entry.name);
      files.push({ file, text: await readFile(file, 'utf8') });
    }
  }
  for (const file of CITING_TOP_FILES) files.push({ file, text: await readFile(file, 'utf8') });
  return files;
}

/** `4-9, 27 and 29` -> [4, ..., 9, 27, 29]. */
function citedNumbers(list: string): number[] {
  return [...list.matchAll(/(\d+)(?:\s*[-\u2013]\s*(\d+))?/g)].flatMap(([, first, last]) => {
    const from = Number(first);
    const to = last === undefined ? from : Number(last);
    return Array.from({ length: Math.max(0, to - from) + 1 }, (_, index) => from + index);
  });
}

const NUMBER_LIST = String.raw`\d+(?:\s*[-\u2013]\s*\d+)?(?:(?:,\s*|\s+and\s+)\d+(?:\s*[-\u2013]\s*\d+)?)*`;

/** The short forms of the code, each with the doc it means (README, "How the code cites"). */
const NUMBERED_CITATIONS = [
  {
    form: 'DECISIONS N',
    pattern: new RegExp(String.raw`\bDECISIONS(?:\.md)?,?\s+(?:item\s+)?(${NUMBER_LIST})`, 'g'),
    doc: 'docs/decisions.md',
    anchor: (n: number) => `decision-${n}`,
  },
  {
    form: 'product-spec section N',
    pattern: new RegExp(
      String.raw`\b(?:product-)?spec(?:\.md)?,?\s+(?:sections?\s+|§\s*)?(${NUMBER_LIST})`,
      'g',
    ),
    doc: 'docs/product.md',
    anchor: (n: number) => `section-${n}`,
  },
  {
    form: 'STYLE N',
    pattern: new RegExp(String.raw`\bSTYLE(?:\.md)?,?\s+(?:rules?\s+)?(${NUMBER_LIST})`, 'g'),
    doc: 'docs/style.md',
    anchor: (n: number) => `rule-${n}`,
  },
  {
    form: 'issue N',
    pattern: new RegExp(String.raw`\b[Ii]ssues?\s+(${NUMBER_LIST})`, 'g'),
    doc: 'docs/issues.md',
    anchor: (n: number) => `issue-${n}`,
  },
] as const;

/** The ids of a Markdown file's explicit anchors (`<a id="...">`). */
async function anchorsOf(doc: string): Promise<Set<string>> {
  const text = await readFile(doc, 'utf8');
  return new Set([...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map(([, id]) => id!));
}

/** The titles of a Markdown file's `##` sections, without a trailing parenthesis. */
async function sectionsOf(doc: string): Promise<string[]> {
  const text = await readFile(doc, 'utf8');
  return [...text.matchAll(/^## (?:<a id="[^"]+"><\/a>)?(.+)$/gm)].map(([, title]) =>
    title!.replace(/\s*\(.*\)\s*$/, '').trim(),
  );
}

/** Every numbered citation in `files` whose anchor is missing from its doc. */
async function missingCitations(files: readonly { file: string; text: string }[]): Promise<string[]> {
  const missing: string[] = [];
  for (const { form, pattern, doc, anchor } of NUMBERED_CITATIONS) {
    const anchors = await anchorsOf(doc);
    for (const { file, text } of files) {
      for (const match of text.matchAll(pattern)) {
        for (const n of citedNumbers(match[1]!)) {
          if (!anchors.has(anchor(n))) missing.push(`${file}: ${form} ${n} (no #${anchor(n)} in ${doc})`);
        }
      }
    }
  }
  // `API.md, Payments`, `API.md, section Accounts`, `API.md common rules`: a capitalised name after
  // it, or any text that begins with a section's title, must be a section of docs/api.md.
  const sections = await sectionsOf('docs/api.md');
  for (const { file, text } of files) {
    for (const match of text.matchAll(/\bAPI\.md(?:,\s*(?:section\s+)?|\s+)([A-Za-z][\w ]*)/g)) {
      const after = match[1]!;
      const named = sections.some((title) => after.toLowerCase().startsWith(title.toLowerCase()));
      if (!named && /^[A-Z]/.test(after))
        missing.push(`${file}: API.md, ${after} (no such section in docs/api.md)`);
    }
  }
  return missing;
}

describe('the contract the code cites', () => {
  it('reads a cited list of numbers and ranges', () => {
    expect(citedNumbers('4-9, 27-29')).toEqual([4, 5, 6, 7, 8, 9, 27, 28, 29]);
    expect(citedNumbers('8 and 44')).toEqual([8, 44]);
  });

  it('finds every cited decision, spec section, issue and API section in docs/', async () => {
    const files = await citingFiles();
    // The scan reads what the code cites: hundreds of references, in every folder.
    expect(files.filter(({ text }) => /DECISIONS \d/.test(text)).length).toBeGreaterThan(50);
    expect(files.filter(({ text }) => /\bSTYLE(\.md|\s+\d)/.test(text)).length).toBeGreaterThan(5);
    expect(await missingCitations(files)).toEqual([]);
  });

  it('reports a citation that the docs lack', async () => {
    // Written so that the scan of this file itself finds none of them.
    const [api, decision, section, issue, rule] = ['API' + '.md', 999, 99, 9999, 98];
    const probe = [
      {
        file: 'probe.ts',
        text: `// DECISIONS ${decision}, product-spec section ${section}, issue ${issue}, ${'STYLE'} ${rule}, ${api}, Nowhere at all`,
      },
    ];
    expect(await missingCitations(probe)).toEqual([
      `probe.ts: DECISIONS N ${decision} (no #decision-${decision} in docs/decisions.md)`,
      `probe.ts: product-spec section N ${section} (no #section-${section} in docs/product.md)`,
      `probe.ts: STYLE N ${rule} (no #rule-${rule} in docs/style.md)`,
      `probe.ts: issue N ${issue} (no #issue-${issue} in docs/issues.md)`,
      `probe.ts: ${api}, Nowhere at all (no such section in docs/${api.toLowerCase()})`,
    ]);
  });
});
