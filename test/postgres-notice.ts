import { displayDatabaseUrl } from '../packages/runtime/src/config/database-url.js';

/**
 * Says, before any test runs, whether the PostgreSQL suites run: they need a throwaway server in
 * CONDOR_TEST_DATABASE_URL (`.ci/run` starts one; so does `scripts/postgres-cluster.sh start <dir>`).
 */
export default function postgresNotice(): void {
  const url = process.env.CONDOR_TEST_DATABASE_URL;
  if (url === undefined || url === '') {
    process.stdout.write(
      '\n!! PostgreSQL suites SKIPPED: CONDOR_TEST_DATABASE_URL is not set. The store contracts run on SQLite only, and\n' +
        '!! the two-instance and kill -9 tests do not run. To run them: export CONDOR_TEST_DATABASE_URL=\\\n' +
        '!!   "$(scripts/postgres-cluster.sh start /tmp/condor-pg)"   (a throwaway cluster; stop it with `… stop /tmp/condor-pg`)\n\n',
    );
    return;
  }
  process.stdout.write(`\nPostgreSQL suites run against ${displayDatabaseUrl(url)} (each test in its own schema or database).\n\n`);
}
