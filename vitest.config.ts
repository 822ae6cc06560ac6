import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

const packageName = (dir: string): string =>
  (JSON.parse(readFileSync(new URL(`./${dir}/package.json`, import.meta.url), 'utf8')) as { name: string }).name;

/** Files named `*.pg.test.ts` need a PostgreSQL server; without CONDOR_TEST_DATABASE_URL they are left out (and the run says so). */
const postgresOnly = process.env.CONDOR_TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'];

/**
 * Test files run two at a time at least: vitest's default (one fewer than the CPUs) is one on the 2-CPU CI machine,
 * which ran the files one by one. Most of a file's time is waiting on the servers, chromium and PostgreSQL it
 * drives, so a second file fills that wait (docs/decisions.md has the figures).
 */
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers,
    globalSetup: ['./test/postgres-notice.ts'],
    projects: projects.map((dir) => ({
      resolve: { conditions: ['@condor/source'] },
      ssr: { resolve: { conditions: ['@condor/source'] } },
      test: {
        name: packageName(dir),
        root: dir,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        exclude: ['**/node_modules/**', ...postgresOnly],
        environment: 'node',
        testTimeout: 20_000,
      },
    })),
  },
});
