import { TastytradeBrokers } from '@condor/broker-tastytrade';
import type { BrokerLinkStore } from '@condor/core';
import { SqlBrokerLinkStore, SqlUserStore } from '@condor/store-sql';
import { RecordingLogger } from '@condor/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTastytrade } from '@condor/testkit';
import { testDialects } from '../../../store-sql/test/temp-database.js';
import { AesGcmSecretBox } from './aes-gcm-secret-box.js';
import { SealedTokenCache, tokenContext } from './sealed-token-cache.js';

const T0 = 1_767_623_400_000;
const KEY = Buffer.alloc(32, 0x5c);
const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.access-token-of-u1.signature';
const LINK = 'tastytrade:paper:u1:0123456789abcdef';

const fakes: FakeTastytrade[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
});

for (const dialect of testDialects()) {
  describe(`SealedTokenCache on ${dialect.name}`, () => {
    /** `count` instances' link stores on one fresh database holding users u1 and u2. */
    const instances = async (count: number): Promise<{ links: SqlBrokerLinkStore[]; raw: () => Promise<unknown[]> }> => {
      const dbs = await dialect.migratedMany(count);
      const [first] = dbs;
      if (first === undefined) throw new Error('no database');
      for (const id of ['u1', 'u2']) await new SqlUserStore(first).insert({ id, email: `${id}@example.com`, passwordHash: `hash-of-${id}`, createdAt: T0 });
      return { links: dbs.map((db) => new SqlBrokerLinkStore(db)), raw: () => first.selectFrom('broker_tokens').selectAll().execute() };
    };
    const cache = (links: BrokerLinkStore, now = (): number => T0, key = KEY, logger = new RecordingLogger()): SealedTokenCache =>
      new SealedTokenCache({ links, secrets: new AesGcmSecretBox({ current: key }), now: now, logger });

    it('keeps a token sealed at rest that another instance reads back, bound to its owner and link', async () => {
      const { links, raw } = await instances(2);
      const [one, two] = links.map((store) => cache(store));
      await one!.put('u1', LINK, TOKEN, T0 + 900_000);
      expect(await two!.get('u1', LINK)).toEqual({ token: TOKEN, expiresAt: T0 + 900_000 });
      const rows = await raw();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(TOKEN);
      expect(JSON.stringify(rows)).not.toContain('access-token-of-u1');
      // Read as another owner's, or under another server key: it does not open, which is a miss.
      expect(await two!.get('u2', LINK)).toBeUndefined();
      expect(await cache(links[1]!, () => T0, Buffer.alloc(32, 0x01)).get('u1', LINK)).toBeUndefined();
      expect(await two!.get('u1', 'tastytrade:paper:u1:another-grant')).toBeUndefined();
      expect(tokenContext('u1', LINK)).toBe(`broker_token|u1|${LINK}|v1`);
    });

    it('gives the lease to one of two instances claiming at once, until the token is kept or the lease runs out', async () => {
      const { links } = await instances(2);
      let now = T0;
      const [one, two] = links.map((store) => cache(store, () => now));
      const claims = await Promise.all([one!.claim('u1', LINK, T0 + 15_000), two!.claim('u1', LINK, T0 + 15_000)]);
      expect([...claims].sort()).toEqual([false, true]);
      expect(await two!.claim('u1', LINK, T0 + 15_000)).toBe(false);
      now = T0 + 15_000;
      expect(await two!.claim('u1', LINK, T0 + 30_000)).toBe(true);
      await two!.put('u1', LINK, TOKEN, T0 + 900_000);
      expect(await one!.claim('u1', LINK, T0 + 30_000)).toBe(true);
    });

    it('logs a failure by its operation, never with the token, and passes it on', async () => {
      const logger = new RecordingLogger();
      const down = (): Promise<never> => Promise.reject(new Error('connection refused'));
      const broken: BrokerLinkStore = { get: down, put: down, delete: down, disconnectIfUnchanged: down, keptToken: down, claimTokenRefresh: down, keepToken: down, loginsBetween: down };
      const failing = cache(broken, () => T0, KEY, logger);
      await expect(failing.put('u1', LINK, TOKEN, T0 + 900_000)).rejects.toThrow('connection refused');
      await expect(failing.get('u1', LINK)).rejects.toThrow('connection refused');
      await expect(failing.claim('u1', LINK, T0 + 15_000)).rejects.toThrow('connection refused');
      expect(logger.lines.map((line) => [line.event, line.fields.operation])).toEqual([
        ['broker_token_cache_failed', 'keep'],
        ['broker_token_cache_failed', 'read'],
        ['broker_token_cache_failed', 'claim'],
      ]);
      expect(JSON.stringify(logger.lines)).not.toContain(TOKEN);
    });

    it('lets two instances pointed at tastytrade mint one token for a link they both call at once', async () => {
      const { links, raw } = await instances(2);
      const fake = new FakeTastytrade();
      fakes.push(fake);
      const url = await fake.start();
      const brokers = links.map(
        (store) => new TastytradeBrokers({ version: '0.1.0', apiUrl: url, tokenCache: new SealedTokenCache({ links: store, secrets: new AesGcmSecretBox({ current: KEY }), now: Date.now, logger: new RecordingLogger() }) }),
      );
      const access = {
        ownerId: 'u1',
        broker: 'tastytrade',
        environment: 'paper',
        credentials: { kind: 'tastytrade', clientSecret: fake.clientSecret, refreshToken: fake.refreshToken, accountNumber: '5WT00001' },
      } as const;
      const calls = Array.from({ length: 12 }, (_, i) => brokers[i % 2]!.open(access).positions());
      for (const result of await Promise.all(calls)) expect(result._unsafeUnwrap()).toEqual([]);
      expect(fake.tokenRefreshes).toBe(1);
      expect(fake.requests.filter((r) => r.path !== '/oauth/token').every((r) => r.auth === 'valid')).toBe(true);
      const stored = JSON.stringify(await raw());
      for (const secret of [...fake.issuedAccessTokens, fake.clientSecret, fake.refreshToken]) expect(stored).not.toContain(secret);
    });
  });
}
