import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

const packageName = (dir: string): string =>
  (JSON.parse(readFileSync(new URL(`./${dir}/package.json`, import.meta.url), 'utf8')) as { name: string }).name;

/** Files named `*.pg.test.ts` need a PostgreSQL server; without CONDOR_TEST_DATABASE_URL they are left out (and the run says so). */
const postgresOnly = process.env.CONDOR_TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'];

export default defineConfig({
  test: {
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
