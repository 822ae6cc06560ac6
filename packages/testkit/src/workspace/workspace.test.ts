import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { projects } from '../../../../vitest.workspace.ts';
import { importCircles } from './import-graph.js';

const root = resolve(import.meta.dirname, '../../../..');

it('runs the tests of every package of the workspace', () => {
  const packages = ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group))
      .filter((dir) => existsSync(join(root, group, dir, 'package.json')))
      .map((dir) => `${group}/${dir}`),
  );
  expect([...projects].sort()).toEqual(packages.sort());
});

it('has no import circle, type-only imports and imports between packages included', () => {
  expect(importCircles(root)).toEqual([]);
});
