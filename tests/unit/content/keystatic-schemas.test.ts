/**
 * The editor and the build describe each file alike (DECISIONS 64): every content schema
 * (src/content.config.ts, the course catalogue's) and its Keystatic field set (keystatic.config.ts)
 * have the same keys at every depth, in objects and in list items; a key the schema requires is
 * required in the editor and an optional one is not; list lengths and text limits agree. A field
 * added to one side only fails here, before an editor save fails a deploy.
 */
import { readdirSync } from 'node:fs';
import { createReader } from '@keystatic/core/reader';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// content.config.ts imports Astro's virtual module; the schemas are all this test needs of it.
vi.mock('astro:content', () => ({ defineCollection: <T>(collection: T) => collection }));

const { collections } = await import('~/content.config');
const { CatalogueFileSchema } = await import('~/lib/shared/schemas/course-catalogue');
const { default: keystatic } = await import('../../../keystatic.config');

/* ---------------------------------------------------------------------- zod side */

/** The parts of zod 4's internals this walk reads. */
interface ZodDef {
  type: string;
  shape?: Record<string, ZodNode>;
  element?: ZodNode;
  innerType?: ZodNode;
  in?: ZodNode;
  out?: ZodNode;
  checks?: {
    _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number; value?: number } };
  }[];
}
interface ZodNode {
  _zod: { def: ZodDef };
}

/** The schema under optional/default/preprocess/refine/transform wrappers, and whether it may be absent. */
function unwrap(node: ZodNode): { node: ZodNode; optional: boolean } {
  let optional = false;
  let current = node;
  for (;;) {
    const def = current._zod.def;
    if (def.type === 'optional' || def.type === 'default') {
      optional = true;
      current = def.innerType!;
    } else if (def.type === 'pipe') {
      // z.preprocess: transform in, schema out; .transform(): schema in, transform out.
      current = def.in!._zod.def.type === 'transform' ? def.out! : def.in!;
    } else {
      return { node: current, optional };
    }
  }
}

function limits(node: ZodNode): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  for (const check of node._zod.def.checks ?? []) {
    const def = check._zod.def;
    if (def.check === 'min_length') out.min = def.minimum!;
    if (def.check === 'max_length') out.max = def.maximum!;
    if (def.check === 'length_equals') out.min = out.max = def.length!;
  }
  return out;
}

/* ---------------------------------------------------------------------- Keystatic side */

interface KsField {
  kind: 'form' | 'object' | 'array' | 'child' | 'conditional';
  formKind?: string;
  fields?: Record<string, KsField>;
  element?: KsField;
  validation?: { length?: { min?: number; max?: number } };
  defaultValue?: () => unknown;
  validate?: (value: unknown, args?: unknown) => unknown;
}

function accepts(field: KsField, value: unknown): boolean {
  try {
    field.validate!(value);
    return true;
  } catch {
    return false;
  }
}

/** The value of a form field left empty, or undefined where the field cannot be left empty. */
function emptyValue(field: KsField): unknown {
  let initial: unknown;
  try {
    initial = field.defaultValue?.();
  } catch {
    // A slug field (name and file name): its default makes a slug, which Keystatic's server build
    // leaves to the browser.
    return { name: '', slug: '' };
  }
  if (typeof initial === 'boolean') return undefined; // a checkbox: false is a value
  if (typeof initial === 'string') return field.formKind === 'slug' ? '' : undefined; // text / select
  if (initial && typeof initial === 'object' && 'name' in initial) return { name: '', slug: '' }; // slug
  return null; // integer, number, date, image
}

function requiredInEditor(field: KsField): boolean {
  const empty = emptyValue(field);
  // A select always has a value; a checkbox is false when left alone (the schema's default).
  if (empty === undefined) return typeof field.defaultValue?.() === 'string';
  return !accepts(field, empty);
}

/* ---------------------------------------------------------------------- the comparison */

/**
 * Every disagreement between a zod schema and a Keystatic field at `path`. Inside an optional
 * section (`inSection`) the editor cannot require a field (it has no optional group, see
 * keystatic.config.ts), so only keys and maximums are compared there.
 */
function compare(zodNode: ZodNode, field: KsField, path: string, inSection: boolean): string[] {
  const problems: string[] = [];
  const { node } = unwrap(zodNode);
  const def = node._zod.def;
  if (def.type === 'object') {
    if (field.kind !== 'object') return [`${path}: an object in the schema, a ${field.kind} in the editor`];
    problems.push(...compareShapes(def.shape!, field.fields!, path, inSection));
    return problems;
  }
  if (def.type === 'array') {
    if (field.kind !== 'array') return [`${path}: a list in the schema, a ${field.kind} in the editor`];
    const zodLength = limits(node);
    const ksLength = field.validation?.length ?? {};
    if (zodLength.max !== ksLength.max)
      problems.push(`${path}: at most ${zodLength.max} in the schema, ${ksLength.max} in the editor`);
    if (!inSection && (zodLength.min ?? 0) !== (ksLength.min ?? 0)) {
      problems.push(
        `${path}: at least ${zodLength.min ?? 0} in the schema, ${ksLength.min ?? 0} in the editor`,
      );
    }
    problems.push(...compare(def.element!, field.element!, `${path}[]`, false));
    return problems;
  }
  if (field.kind !== 'form') return [`${path}: a ${def.type} in the schema, a ${field.kind} in the editor`];
  if (def.type === 'string' && field.formKind === 'slug' && !(typeof emptyValue(field) === 'object')) {
    // A text field: its limits, where no pattern makes plain letters invalid anyway.
    const { min, max } = limits(node);
    const probe = 'a'.repeat(Math.max(min ?? 1, 1));
    if (accepts(field, probe)) {
      if (max !== undefined && accepts(field, 'a'.repeat(max + 1)))
        problems.push(`${path}: longer than ${max} is accepted by the editor`);
      if (max !== undefined && !accepts(field, 'a'.repeat(max)))
        problems.push(`${path}: ${max} characters are refused by the editor`);
      if (!inSection && min !== undefined && min > 1 && accepts(field, 'a'.repeat(min - 1))) {
        problems.push(`${path}: shorter than ${min} is accepted by the editor`);
      }
    }
  }
  return problems;
}

/** Keys the editor has that no file stores as such: the address (file name) and the Markdown body. */
const FILE_PARTS = new Set(['address', 'body']);

function compareShapes(
  shape: Record<string, ZodNode>,
  fields: Record<string, KsField>,
  path: string,
  inSection: boolean,
): string[] {
  const problems: string[] = [];
  const at = (key: string) => (path ? `${path}.${key}` : key);
  for (const key of Object.keys(shape)) {
    if (!(key in fields)) problems.push(`${at(key)}: in the schema, not in the editor`);
  }
  for (const key of Object.keys(fields)) {
    if (!(key in shape) && !(path === '' && FILE_PARTS.has(key)))
      problems.push(`${at(key)}: in the editor, not in the schema`);
  }
  for (const [key, zodNode] of Object.entries(shape)) {
    const field = fields[key];
    if (!field) continue;
    const { optional } = unwrap(zodNode);
    const section = inSection || (optional && unwrap(zodNode).node._zod.def.type === 'object');
    if (field.kind === 'form' && !inSection) {
      const required = requiredInEditor(field);
      if (required === optional) {
        problems.push(
          `${at(key)}: ${optional ? 'optional' : 'required'} in the schema, ${required ? 'required' : 'optional'} in the editor`,
        );
      }
    }
    problems.push(...compare(zodNode, field, at(key), section));
  }
  return problems;
}

/** The collections' schemas, as the build gets them (`image()` stands for a path to a picture). */
function schemaOf(collection: unknown): ZodNode {
  const schema = (collection as { schema: unknown }).schema;
  const resolved =
    typeof schema === 'function'
      ? (schema as (ctx: unknown) => unknown)({ image: () => z.string() })
      : schema;
  return resolved as ZodNode;
}

function editorFields(entry: unknown): Record<string, KsField> {
  return (entry as { schema: Record<string, KsField> }).schema;
}

function disagreements(zodSchema: ZodNode, fields: Record<string, KsField>): string[] {
  const { node } = unwrap(zodSchema);
  return compareShapes(node._zod.def.shape!, fields, '', false);
}

const PAIRS: [string, ZodNode, Record<string, KsField>][] = [
  ['Pages', schemaOf(collections.pages), editorFields(keystatic.collections!['pages'])],
  // home.yaml holds one entry, `home`: the editor's singleton has that one key.
  [
    'Home',
    z.object({ home: schemaOf(collections.home) as never }) as unknown as ZodNode,
    editorFields(keystatic.singletons!['home']),
  ],
  ['Courses', CatalogueFileSchema as unknown as ZodNode, editorFields(keystatic.singletons!['courses'])],
  ['Leadership', schemaOf(collections.team), editorFields(keystatic.collections!['leadership'])],
  ['Blog posts', schemaOf(collections.blog), editorFields(keystatic.collections!['blog'])],
  ['Case studies', schemaOf(collections.caseStudies), editorFields(keystatic.collections!['caseStudies'])],
];

describe('the editor and the content schemas', () => {
  it.each(PAIRS)('%s: same fields, same required ones, same limits', (_name, schema, fields) => {
    expect(disagreements(schema, fields)).toEqual([]);
  });

  it('finds a field added to one side only, a required one made optional, a limit moved', () => {
    const [, schema, fields] = PAIRS.find(([name]) => name === 'Blog posts')!;
    const shape = unwrap(schema).node._zod.def.shape as unknown as z.ZodRawShape;
    const widened = z.object({ ...shape, subtitle: z.string().max(90) }) as unknown as ZodNode;
    expect(disagreements(widened, fields)).toEqual(['subtitle: in the schema, not in the editor']);
    const withoutAuthor = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'author'));
    expect(disagreements(schema, withoutAuthor)).toEqual(['author: in the schema, not in the editor']);
    const loosened = z.object({
      ...shape,
      coverAlt: z.string().min(20).max(200).optional(),
    }) as unknown as ZodNode;
    expect(disagreements(loosened, fields)).toContain(
      'coverAlt: optional in the schema, required in the editor',
    );
    const longer = z.object({ ...shape, author: z.string().min(3).max(80) }) as unknown as ZodNode;
    expect(disagreements(longer, fields)).toContain('author: 80 characters are refused by the editor');
    const nested = z.object({
      ...shape,
      figures: z.array(z.object({ value: z.string(), label: z.string(), unit: z.string() })),
    }) as unknown as ZodNode;
    expect(
      disagreements(nested, {
        ...fields,
        figures: editorFields(keystatic.collections!['caseStudies'])['figures']!,
      }),
    ).toContain('figures[].unit: in the schema, not in the editor');
  });
});

describe('the files as they are', () => {
  // Keystatic refuses a file with a key its fields lack, or a value its checks refuse: every
  // file of the site must open in the editor, or staff could not edit it.
  const reader = createReader(process.cwd(), keystatic);
  const files = (folder: string, extension: string) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith(extension));

  it('every page, person, post and case study opens in the editor', async () => {
    expect((await reader.collections.pages.all()).map((entry) => entry.slug).sort()).toEqual(
      files('src/content/pages', '.md')
        .map((name) => name.replace(/\.md$/, ''))
        .sort(),
    );
    expect(await reader.collections.leadership.all()).toHaveLength(files('src/content/team', '.json').length);
    expect(await reader.collections.blog.all()).toHaveLength(files('src/content/blog', '.md').length);
    expect(await reader.collections.caseStudies.all()).toHaveLength(
      files('src/content/case-studies', '.md').length,
    );
  });

  it('the home page and the course catalogue open in the editor', async () => {
    expect(Object.keys((await reader.singletons.home.readOrThrow()).home)).toHaveLength(8);
    const { courses } = await reader.singletons.courses.readOrThrow();
    expect(courses.map((course) => course.slug)).toEqual(
      CatalogueFileSchema.parse((await import('~/content/courses.json')).default).courses.map((c) => c.slug),
    );
  });
});
