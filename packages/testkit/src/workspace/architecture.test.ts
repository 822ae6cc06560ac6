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
  const composition = ['packages/runtime/src/build-runtime.ts', 'packages/runtime/src/oauth-services.ts'];
  const importing = ['packages', 'apps']
    .flatMap((group) => sources(join(root, group)))
    .map((file) => relative(root, file))
    .filter((file) => !file.startsWith('packages/store-sql/') && !composition.includes(file) && /from\s+'kysely'/.test(code(join(root, file))));
  expect(importing).toEqual([]);
});

const MAX_LINES = 300;
/** Being split (issue 37); each path leaves this list when its split lands. */
const BEING_SPLIT = ['packages/core/src/errors/catalogue.ts', 'packages/core/src/proposals/propose-roll.ts'];

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
    .filter((file) => !BEING_SPLIT.includes(file))
    .map((file) => ({ file, lines: lineCount(join(root, file)) }))
    .filter(({ lines }) => lines > MAX_LINES);
  expect(over).toEqual([]);
});
