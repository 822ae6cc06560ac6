import { afterAll, beforeAll, describe, it } from 'vitest';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../../../packages/store-sql/test/fresh-postgres-database.js';
import { revocationAcrossInstances } from './key-revocation.js';
import { startServer, type RunningServer } from './server-process.js';
import { logoutAcrossInstances } from './session-revocation.js';

// vitest.config.ts includes *.pg.test.ts only when CONDOR_TEST_DATABASE_URL is set.
if (TEST_DATABASE_URL === null) throw new Error('api-keys-instances.pg.test.ts needs CONDOR_TEST_DATABASE_URL');
const serverUrl: string = TEST_DATABASE_URL;

describe('two server processes on one PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> };
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase(serverUrl);
    const env = {
      DATABASE_URL: database.url,
      CONDOR_SIGNING_KEY: 'c'.repeat(64),
      CONDOR_SECRET_KEY: Buffer.alloc(32, 5).toString('base64'),
      CONDOR_SIM_START: '2026-02-10T15:00:00Z',
      CONDOR_SIM_ANCHOR: new Date().toISOString(),
      CONDOR_RATE_LIMIT: '100000',
    };
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  }, 90_000);

  afterAll(async () => {
    try {
      await Promise.allSettled(servers.map((server) => server.stop()));
    } finally {
      await database.drop();
    }
  }, 30_000);

  it('refuse a key revoked on one: that one on its next request, the other within the documented bound', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    await revocationAcrossInstances(a, b, 'two-postgres@example.com');
  }, 60_000);

  it('refuse an access token logged out on one: that one on its next request, the other within the documented bound', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    await logoutAcrossInstances(a, b, 'logout-postgres@example.com');
  }, 60_000);
});
