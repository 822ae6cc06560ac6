import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');

function sources(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, into);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) into.push(path);
  }
  return into;
}

/** The code of a file without its comments, so a name in prose or in an example does not count. */
const code = (path: string): string =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const BROKER_NAMES = ['sim', 'alpaca', 'tastytrade'].join('|');
const BRANCH_ON_BROKER = new RegExp(`[!=]==\\s*'(${BROKER_NAMES})'|'(${BROKER_NAMES})'\\s*[!=]==|case\\s+'(${BROKER_NAMES})'`);

it("has no branch on a broker's name in core: a real difference is a capability in the BROKERS table", () => {
  const branching = sources(join(root, 'packages/core/src')).filter((file) => BRANCH_ON_BROKER.test(code(file)));
  expect(branching.map((file) => relative(root, file))).toEqual([]);
});

it('imports kysely only in store-sql and where the runtime composes the database', () => {
  const composition = ['packages/runtime/src/build-runtime.ts', 'packages/runtime/src/oauth-services.ts', 'packages/runtime/src/notifications/news-services.ts'];
  const importing = ['packages', 'apps']
    .flatMap((group) => sources(join(root, group)))
    .map((file) => relative(root, file))
    .filter((file) => !file.startsWith('packages/store-sql/') && !composition.includes(file) && /from\s+'kysely'/.test(code(join(root, file))));
  expect(importing).toEqual([]);
});

const MAX_LINES = 300;
const lineCount = (path: string): number => {
  const text = readFileSync(path, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};

/** Every package's and app's source files, tests left out (docs/decisions.md, issue 37), as paths from the root. */
const workspaceSources = (): string[] =>
  ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group))
      .map((name) => join(root, group, name, 'src'))
      .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true)
      .flatMap((dir) => sources(dir))
      .map((file) => relative(root, file)),
  );

it(`has no source file over ${MAX_LINES} lines in packages/*/src and apps/*/src, tests aside`, () => {
  const over = workspaceSources()
    .map((file) => ({ file, lines: lineCount(join(root, file)) }))
    .filter(({ lines }) => lines > MAX_LINES);
  expect(over).toEqual([]);
});

const CORE = join(root, 'packages/core/src');
/** The catalogue (operations/, which gathers every tool and which every tool imports) and the package's surface (index.ts, services.ts). */
const EXEMPT_FOLDERS = new Set(['operations', '.']);
/** Folder pairs still importing each other while the placement module is drawn out of them (issue 37, item 3); the list only shrinks. */
const BEING_UNTANGLED = new Set<string>([]);

/** Each core folder's imports of other core folders, by relative import paths (tests aside). */
function folderImports(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sources(CORE)) {
    const from = relative(CORE, file).split('/')[0] ?? '.';
    const folder = relative(CORE, file).includes('/') ? from : '.';
    for (const [, spec = ''] of code(file).matchAll(/from\s+'(\.[^']+)'/g)) {
      const target = relative(CORE, resolve(join(file, '..'), spec));
      const to = target.includes('/') ? (target.split('/')[0] ?? '.') : '.';
      if (to !== folder) edges.set(folder, (edges.get(folder) ?? new Set()).add(to));
    }
  }
  return edges;
}

it('has no two folders of core importing each other, the catalogue and the package surface aside', () => {
  const edges = folderImports();
  const mutual = [...edges].flatMap(([a, tos]) =>
    [...tos].filter((b) => a < b && edges.get(b)?.has(a) === true && !EXEMPT_FOLDERS.has(a) && !EXEMPT_FOLDERS.has(b)).map((b) => `${a} <-> ${b}`),
  );
  expect(mutual.filter((pair) => !BEING_UNTANGLED.has(pair))).toEqual([]);
  // A pair untangled leaves the list, so it cannot come back unnoticed.
  expect([...BEING_UNTANGLED].filter((pair) => !mutual.includes(pair))).toEqual([]);
});

it('writes money only in core/src/words: no template puts "$" before a value elsewhere in core or the apps', () => {
  const byHand = /\$\$\{/;
  const offending = [...sources(CORE), ...['apps/web/src', 'apps/mcp/src', 'apps/rest/src'].flatMap((dir) => sources(join(root, dir)))]
    .filter((file) => !relative(CORE, file).startsWith('words/') && byHand.test(code(file)))
    .map((file) => relative(root, file));
  expect(offending).toEqual([]);
});
