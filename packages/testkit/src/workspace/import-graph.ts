import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Every import and export-from of a module, type-only and dynamic ones included. */
const SPECIFIERS = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** The workspace's own packages by name (`@condor/core`), each with the folder it lives in. */
function workspacePackages(root: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const group of ['packages', 'apps']) {
    for (const dir of readdirSync(join(root, group))) {
      const manifest = join(root, group, dir, 'package.json');
      if (existsSync(manifest)) found.set((JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name, join(root, group, dir));
    }
  }
  return found;
}

/** The source file a workspace subpath names (`@condor/web/chart`), through the package's `@condor/source` export. */
function sourceOf(packageDir: string, subpath: string): string | undefined {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
  const entry = manifest.exports?.[subpath];
  const source = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)['@condor/source'] : undefined;
  return typeof source === 'string' ? resolve(packageDir, source) : undefined;
}

function tsFiles(dir: string, into: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) tsFiles(path, into);
    else if (/\.tsx?$/.test(name)) into.push(path);
  }
  return into;
}

/**
 * The import circles among the workspace's TypeScript files (strongly connected components of more than one file,
 * or a file importing itself), relative and `@condor/*` imports alike, type-only ones included; paths relative to
 * `root`.
 */
export function importCircles(root: string): string[][] {
  const packages = workspacePackages(root);
  const files = [...packages.values()].flatMap((dir) => tsFiles(dir, []));
  const known = new Set(files);
  const target = (from: string, specifier: string): string | undefined => {
    if (specifier.startsWith('.')) {
      const base = resolve(dirname(from), specifier).replace(/\.js$/, '.ts');
      return [base, `${base}x`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
    }
    const name = [...packages.keys()].find((pkg) => specifier === pkg || specifier.startsWith(`${pkg}/`));
    if (name === undefined) return undefined;
    const source = sourceOf(packages.get(name)!, specifier === name ? '.' : `.${specifier.slice(name.length)}`);
    return source !== undefined && known.has(source) ? source : undefined;
  };
  const graph = new Map(files.map((file) => [file, [...readFileSync(file, 'utf8').matchAll(SPECIFIERS)].flatMap((m) => target(file, m[1] ?? m[2] ?? m[3] ?? '') ?? [])]));
  return stronglyConnected(graph).map((circle) => circle.map((file) => relative(root, file)).sort());
}

/** Tarjan's algorithm, keeping the components that are circles. */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}
