import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postgresTestUrl } from './temp-database.js';

/** The throwaway server the PostgreSQL suites run against, or null when they are skipped. */
export const TEST_DATABASE_URL: string | null = postgresTestUrl() ?? null;

/**
 * A new, empty database on the test server, for tests that run whole processes on it (several
 * instances, a restart); `drop` ends its connections and removes it.
 */
export async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `condor_it_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
