import { SchwabBrokers, type SchwabLink } from '@condor/broker-schwab';
import { SqlBrokerLinkStore, SqlUserStore } from '@condor/store-sql';
import { FakeClock, FakeSchwab, RecordingLogger, SCHWAB_ACCESS_TOKEN_SECONDS } from '@condor/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../store-sql/test/temp-database.js';
import { AesGcmSecretBox } from './adapters/aes-gcm-secret-box.js';
import { SealedTokenCache } from './adapters/sealed-token-cache.js';

/** A Monday, 10:00 in New York. */
const T0 = Date.parse('2026-03-02T15:00:00Z');
const KEY = Buffer.alloc(32, 0x3d);

const fakes: FakeSchwab[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
});

/**
 * Issue 41's "two instances refresh a link once": two instances, each its own SchwabBrokers on its own
 * SealedTokenCache and database connection (or pool), over one database, the fake on the same test clock. Calls on
 * one Schwab link from both at once, after its access token expired, make Schwab's token endpoint mint one token.
 */
for (const dialect of testDialects()) {
  describe(`two instances on one ${dialect.name} database, both trading one Schwab link`, () => {
    async function instances() {
      const clock = new FakeClock(T0);
      const fake = new FakeSchwab({ now: () => clock.now() });
      fakes.push(fake);
      const apiUrl = await fake.start();
      const dbs = await dialect.migratedMany(2);
      await new SqlUserStore(dbs[0]!).insert({ id: 'u1', email: 'u1@example.com', passwordHash: 'hash-of-u1', createdAt: T0 });
      const brokers = dbs.map(
        (db) =>
          new SchwabBrokers({
            app: { appKey: fake.appKey, appSecret: fake.appSecret, callbackUrl: fake.callbackUrl },
            apiUrl,
            now: () => clock.now(),
            tokenCache: new SealedTokenCache({ links: new SqlBrokerLinkStore(db), secrets: new AesGcmSecretBox({ current: KEY }), now: () => clock.now(), logger: new RecordingLogger() }),
          }),
      );
      const link: SchwabLink = { ownerId: 'u1', credentials: { kind: 'schwab', refreshToken: fake.oauth.issueRefreshToken(), refreshIssuedAt: T0, accountHash: fake.hashOf('74120355') } };
      /** `count` position reads on the link, alternating between the instances, all at once. */
      const callBoth = async (count: number): Promise<void> => {
        const calls = Array.from({ length: count }, (_, i) => brokers[i % 2]!.open(link).positions());
        for (const result of await Promise.all(calls)) expect(result._unsafeUnwrap()).toEqual([]);
      };
      const rows = () => dbs[0]!.selectFrom('broker_tokens').selectAll().execute();
      return { clock, fake, callBoth, rows, link };
    }

    it('mint one access token between them, again one when it expired, and keep it sealed', async () => {
      const { clock, fake, callBoth, rows, link } = await instances();
      await callBoth(12);
      expect(fake.oauth.refreshes).toBe(1);
      await callBoth(4);
      expect(fake.oauth.refreshes).toBe(1);

      // Half an hour on, the token is dead at Schwab and in both instances' eyes: one of them mints the next.
      clock.advance(SCHWAB_ACCESS_TOKEN_SECONDS * 1000 + 1_000);
      await callBoth(12);
      expect(fake.oauth.refreshes).toBe(2);
      // Neither sent the expired token: it was replaced before use, not after a 401.
      expect(fake.requests.filter((r) => r.path.startsWith('/trader/')).every((r) => r.auth === 'valid')).toBe(true);

      const stored = JSON.stringify(await rows());
      for (const secret of [...fake.oauth.issuedTokens, link.credentials.refreshToken, fake.appSecret]) expect(stored).not.toContain(secret);
    });

    it('mint one new token between them when Schwab stops taking the old one early', async () => {
      const { fake, callBoth } = await instances();
      await callBoth(4);
      fake.oauth.expireAccessTokens();
      await callBoth(10);
      expect(fake.oauth.refreshes).toBe(2);
    });
  });
}
