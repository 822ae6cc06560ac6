#!/usr/bin/env node
// Compiles the server's workspace packages to JavaScript (each package's src/ to its dist/, one file per source,
// tests left out), so `pnpm start` runs plain Node with no TypeScript transpiler: each package's `exports`
// resolves to dist/ without the @condor/source condition. esbuild strips types only; `pnpm typecheck` checks them.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = [
  'packages/core',
  'packages/store-sql',
  'packages/runtime',
  'packages/broker-sim',
  'packages/broker-alpaca',
  'packages/broker-tastytrade',
  'packages/broker-schwab',
  'packages/notify',
  'apps/web',
  'apps/mcp',
  'apps/rest',
];

const sources = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

await Promise.all(
  PACKAGES.map(async (pkg) => {
    const src = join(ROOT, pkg, 'src');
    const dist = join(ROOT, pkg, 'dist');
    await build({
      entryPoints: sources(src),
      outbase: src,
      outdir: dist,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      tsconfig: join(ROOT, pkg, 'tsconfig.json'),
    });
  }),
);
