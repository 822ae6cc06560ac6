import { execute, type BrokerAccess } from '@condor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTastytrade } from '@condor/testkit';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../../store-sql/test/fresh-postgres-database.js';
import { buildRuntime, type Runtime } from './build-runtime.js';
import { loadConfig } from './config/load-config.js';

const SIGNING_KEY = 'b'.repeat(64);
const SECRET_KEY = Buffer.alloc(32, 9).toString('base64');

const serverUrl = TEST_DATABASE_URL;
if (serverUrl !== null) {
  describe('two instances on one PostgreSQL database, both pointed at tastytrade', () => {
    const fake = new FakeTastytrade();
    let database: { url: string; drop: () => Promise<void> };
    let runtimes: Runtime[] = [];
    let access: BrokerAccess;

    beforeAll(async () => {
      const url = await fake.start();
      database = await freshPostgresDatabase(serverUrl);
      const env = { DATABASE_URL: database.url, CONDOR_SIGNING_KEY: SIGNING_KEY, CONDOR_SECRET_KEY: SECRET_KEY, CONDOR_TASTYTRADE_API_URL: url, LOG_LEVEL: 'silent' };
      runtimes = await Promise.all([buildRuntime(loadConfig(env)), buildRuntime(loadConfig(env))]);
      const [first] = runtimes;
      if (first === undefined) throw new Error('no runtime');
      await execute('register', { email: 'tt@example.com', password: 'runtime password' }, { services: first.services, credential: null, requestId: 'r', batchKey: null });
      const user = await first.services.users.findByEmail('tt@example.com');
      if (user === undefined) throw new Error('not registered');
      access = {
        ownerId: user.id,
        broker: 'tastytrade',
        environment: 'paper',
        credentials: { kind: 'tastytrade', clientSecret: fake.clientSecret, refreshToken: fake.refreshToken, accountNumber: '5WT00001' },
      };
    });

    afterAll(async () => {
      await Promise.all(runtimes.map((runtime) => runtime.close()));
      await database.drop();
      await fake.stop();
    });

    /** `count` calls on the link, alternating between the instances, all at once. */
    const callBoth = async (count: number): Promise<void> => {
      const calls = Array.from({ length: count }, (_, i) => runtimes[i % runtimes.length]!.services.brokers.open(access).positions());
      for (const result of await Promise.all(calls)) expect(result._unsafeUnwrap()).toEqual([]);
    };

    it('mint one access token for the link, kept sealed for both', async () => {
      await callBoth(20);
      expect(fake.tokenRefreshes).toBe(1);
      await callBoth(4);
      expect(fake.tokenRefreshes).toBe(1);
      expect(fake.requests.filter((r) => r.path !== '/oauth/token').every((r) => r.auth === 'valid' && r.userAgent === 'condor/0.1.0')).toBe(true);
    });

    it('mint one new token between them when tastytrade stops taking the old one', async () => {
      fake.invalidateAccessTokens();
      await callBoth(10);
      expect(fake.tokenRefreshes).toBe(2);
    });
  });
}
