/**
 * Every function is in the API doc (issue 38, item 10): each `config.path` of
 * `netlify/functions/*.mts` is a path written in docs/api.md, and each function without a path is
 * named with its `config.schedule` under the doc's "Scheduled functions", as is each background
 * function (`-background.mts`, no config). A path's parameters are
 * written `:name` in the code and `{name}` (or a value, such as `leads.csv`) in the doc; a group
 * of spellings such as `(Cart|cart)` matches any of them; `[/{id}]` in the doc is an optional part.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = 'netlify/functions';
const API_DOC = 'docs/api.md';

/** What a function's `export const config` declares: its paths and its schedule. */
export interface FunctionConfig {
  readonly paths: readonly string[];
  readonly schedule: string | undefined;
  /** Why the config could not be read (a path not written as string literals), if so. */
  readonly unreadable?: string;
}

const STRING_LITERAL = /'([^'\\]*)'|"([^"\\]*)"|`([^`\\$]*)`/g;

/** Reads the `config` object of a function's source. */
export function configOf(source: string): FunctionConfig {
  const config = /export\s+const\s+config\b[^=]*=\s*\{([\s\S]*?)\}\s*(?:satisfies\s+\w+\s*)?;/.exec(
    source,
  )?.[1];
  if (config === undefined) return { paths: [], schedule: undefined, unreadable: 'no `export const config`' };
  const literals = (text: string) => [...text.matchAll(STRING_LITERAL)].map((m) => m[1] ?? m[2] ?? m[3]!);
  // A value: an array, a string literal, or anything else up to the next comma (then unreadable).
  const value = String.raw`\s*:\s*(\[[\s\S]*?\]|'[^']*'|"[^"]*"|\`[^\`]*\`|[^,\n}]+)`;
  const schedule = new RegExp(String.raw`\bschedule` + value).exec(config)?.[1];
  const path = new RegExp(String.raw`\bpath` + value).exec(config)?.[1];
  const paths = path === undefined ? [] : literals(path);
  if (path !== undefined && paths.length === 0)
    return { paths, schedule: undefined, unreadable: `a path that is not a string literal: ${path.trim()}` };
  return { paths, schedule: schedule === undefined ? undefined : literals(schedule)[0] };
}

/**
 * Every path the doc writes in a code span (`/api/...`, or `GET /api/...`), its query left off,
 * `[...]` parts both ways.
 */
export function pathsOfDoc(markdown: string): Set<string> {
  const paths = new Set<string>();
  for (const [, span] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const written = span!.replace(/^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\s+/, '');
    if (!written.startsWith('/')) continue;
    const path = written.split('?')[0]!.replaceAll('\\|', '|');
    for (const each of withOptionalParts(path)) paths.add(each);
  }
  return paths;
}

/** `/a[/{id}]` -> `/a`, `/a/{id}`. */
function withOptionalParts(path: string): string[] {
  const optional = /\[([^[\]]*)\]/.exec(path);
  if (!optional) return [path];
  const before = path.slice(0, optional.index);
  const after = path.slice(optional.index + optional[0].length);
  return [...withOptionalParts(before + after), ...withOptionalParts(before + optional[1] + after)];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A code path as a pattern over the doc's paths: `:name` is one parameter, written `{name}` with
 * perhaps a fixed ending (`{table}.csv`) or as a value (`leads.csv`); `(A|B)` is either spelling;
 * everything else, `*` included, is literal.
 */
export function patternOf(codePath: string): RegExp {
  let pattern = '';
  for (const part of codePath.match(/:[A-Za-z_]\w*|\([^()]*\)|[^:(]+|[:(]/g) ?? []) {
    if (part.startsWith(':') && part.length > 1) pattern += String.raw`(?:\{\w+\}[\w.-]*|[\w.-]+)`;
    else if (part.startsWith('(') && part.endsWith(')'))
      pattern += `(?:${part.slice(1, -1).split('|').map(escape).join('|')})`;
    else pattern += escape(part);
  }
  return new RegExp(`^${pattern}$`);
}

/** The text of the doc's section with this anchor, up to the next `##` heading. */
function sectionOf(markdown: string, anchor: string): string {
  const start = markdown.indexOf(`<a id="${anchor}"></a>`);
  if (start < 0) return '';
  const next = markdown.indexOf('\n## ', start);
  return markdown.slice(start, next < 0 ? undefined : next);
}

/** Each function's path or schedule that the doc lacks, as `file: what`. */
export function missingFromDoc(
  functions: readonly { file: string; source: string }[],
  markdown: string,
): string[] {
  const documented = [...pathsOfDoc(markdown)];
  const scheduled = sectionOf(markdown, 'scheduled');
  const missing: string[] = [];
  for (const { file, source } of functions) {
    const config = configOf(source);
    const name = file.split('/').at(-1)!;
    // A background function (`-background`, Netlify's naming) is started by another function.
    if (name.endsWith('-background.mts') && config.paths.length === 0 && config.schedule === undefined) {
      if (!scheduled.includes(`\`${name}\``))
        missing.push(`${file}: is not under Scheduled functions in ${API_DOC}`);
      continue;
    }
    if (config.unreadable) {
      missing.push(`${file}: cannot read its config (${config.unreadable})`);
      continue;
    }
    for (const path of config.paths) {
      const pattern = patternOf(path);
      if (!documented.some((each) => pattern.test(each)))
        missing.push(`${file}: path ${path} is not in ${API_DOC}`);
    }
    if (config.paths.length > 0) continue;
    if (config.schedule === undefined) missing.push(`${file}: declares neither a path nor a schedule`);
    else if (!scheduled.includes(`\`${name}\``) || !scheduled.includes(`\`${config.schedule}\``))
      missing.push(`${file}: schedule ${config.schedule} is not under Scheduled functions in ${API_DOC}`);
  }
  return missing;
}

async function functionFiles(): Promise<{ file: string; source: string }[]> {
  const names = (await readdir(FUNCTIONS)).filter((name) => name.endsWith('.mts')).sort();
  return Promise.all(
    names.map(async (name) => ({
      file: join(FUNCTIONS, name),
      source: await readFile(join(FUNCTIONS, name), 'utf8'),
    })),
  );
}

describe('docs/api.md lists every function', () => {
  it('every config.path of netlify/functions/*.mts, and every scheduled function with its schedule', async () => {
    const functions = await functionFiles();
    // The scan reads every function: dozens of files, most with a path.
    expect(functions.length).toBeGreaterThan(30);
    expect(functions.filter(({ source }) => configOf(source).paths.length > 0).length).toBeGreaterThan(30);
    expect(missingFromDoc(functions, await readFile(API_DOC, 'utf8'))).toEqual([]);
  });
});

describe('the path matching', () => {
  const doc = [
    '| POST `/api/Cart/addtocart/{clientCode},{courseId},{userId}` | x |',
    '| GET `/api/console/leads?status=new\\|handled&q=` | x |',
    '| GET, POST `/api/console/batches[/{id}]` | x |',
    '| GET `/api/console/export/gstr1/{table}.csv?month=YYYY-MM` | x |',
    '| GET `/api/console/export/leads.csv` | x |',
    'Any unknown `/api/*` path; `GET /api/orders/{orderNo}/invoice` too.',
    '## <a id="scheduled"></a>Scheduled functions',
    '- `cleanup.mts`, `23 * * * *` (hourly)',
    '## Next',
    '- `mail-retry.mts`, `*/5 * * * *`',
  ].join('\n');
  const fn = (file: string, config: string) => ({
    file: `netlify/functions/${file}`,
    source: `export default () => new Response();\n\nexport const config: Config = ${config};\n`,
  });

  it('reads one path, several, a schedule, and refuses what it cannot read', () => {
    expect(configOf("export const config: Config = { path: '/api/a/:id' };")).toEqual({
      paths: ['/api/a/:id'],
      schedule: undefined,
    });
    expect(configOf("export const config: Config = {\n  path: ['/api', '/api/*'],\n};").paths).toEqual([
      '/api',
      '/api/*',
    ]);
    expect(configOf("export const config: Config = { schedule: '*/5 * * * *' };").schedule).toBe(
      '*/5 * * * *',
    );
    expect(configOf('export const config: Config = { path: PATHS };').unreadable).toMatch(
      /not a string literal/,
    );
    expect(configOf('export default () => 1;').unreadable).toBe('no `export const config`');
  });

  it("matches the code's :params and (A|b) spellings to the doc's {params}, values and optional parts", () => {
    const functions = [
      fn('cart-add.mts', "{ path: '/api/(Cart|cart)/addtocart/:clientCode,:courseId,:userId' }"),
      fn('console-leads.mts', "{ path: '/api/console/leads' }"),
      fn('console-batches.mts', "{ path: ['/api/console/batches', '/api/console/batches/:id'] }"),
      fn('console-gstr1.mts', "{ path: '/api/console/export/gstr1/:file' }"),
      fn('console-export.mts', "{ path: '/api/console/export/:file' }"),
      fn('api-not-found.mts', "{ path: '/api/*' }"),
      fn('orders-invoice.mts', "{ path: '/api/orders/:orderNo/invoice' }"),
      fn('cleanup.mts', "{ schedule: '23 * * * *' }"),
    ];
    expect(missingFromDoc(functions, doc)).toEqual([]);
  });

  it('names the file and the path or schedule the doc lacks', () => {
    const functions = [
      fn('cart-add.mts', "{ path: '/api/(Cart|cart)/addtocart/:clientCode,:courseId' }"),
      fn('console-batches.mts', "{ path: ['/api/console/batches', '/api/console/batches/:id/roster'] }"),
      fn('api-not-found.mts', "{ path: ['/api', '/api/*'] }"),
      fn('console-leads.mts', "{ path: '/api/console/leads/:id' }"),
      fn('mail-retry.mts', "{ schedule: '*/5 * * * *' }"),
      fn('cleanup.mts', "{ schedule: '17 * * * *' }"),
      fn('odd.mts', '{ method: "GET" }'),
    ];
    expect(missingFromDoc(functions, doc)).toEqual([
      `netlify/functions/cart-add.mts: path /api/(Cart|cart)/addtocart/:clientCode,:courseId is not in ${API_DOC}`,
      `netlify/functions/console-batches.mts: path /api/console/batches/:id/roster is not in ${API_DOC}`,
      `netlify/functions/api-not-found.mts: path /api is not in ${API_DOC}`,
      `netlify/functions/console-leads.mts: path /api/console/leads/:id is not in ${API_DOC}`,
      `netlify/functions/mail-retry.mts: schedule */5 * * * * is not under Scheduled functions in ${API_DOC}`,
      `netlify/functions/cleanup.mts: schedule 17 * * * * is not under Scheduled functions in ${API_DOC}`,
      'netlify/functions/odd.mts: declares neither a path nor a schedule',
    ]);
  });
});
