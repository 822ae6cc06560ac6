import { mcpSessionStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/temp-database.js';
import { SqlMcpSessionStore } from './sql-mcp-session-store.js';

const T0 = 1_767_623_400_000;
const WINDOW = 1_000;
const STALE = 120_000;
const SEALED = { keyId: 'k1', nonce: 'bm9uY2U=', ciphertext: 'Y2lwaGVydGV4dA==' };

for (const dialect of testDialects()) {
  mcpSessionStoreContract(`SqlMcpSessionStore on ${dialect.name}`, async () => new SqlMcpSessionStore(await dialect.migrated()));

  describe(`SqlMcpSessionStore storage on ${dialect.name}`, () => {
    it('keeps times as integers, the bound token as sealed JSON text and the calls in flight as a JSON object', async () => {
      const db = await dialect.migrated();
      const store = new SqlMcpSessionStore(db);
      await store.create('s1', T0);
      await store.bind('s1', SEALED);
      await store.beginCall('s1', 'c1', 'b1', T0 + 1, WINDOW, STALE);
      await store.beginCall('s1', 'c2', 'b2', T0 + 2, WINDOW, STALE);
      await store.endCall('s1', 'c1', T0 + 3);
      await store.touch('s1', T0 + 4, STALE);
      const [row] = await db.selectFrom('mcp_sessions').selectAll().execute();
      expect(row).toEqual({
        id: 's1',
        created_at: T0,
        last_seen_at: T0 + 4,
        bound_token: '{"keyId":"k1","nonce":"bm9uY2U=","ciphertext":"Y2lwaGVydGV4dA=="}',
        batch_key: 'b1',
        last_response_at: T0 + 3,
        calls: expect.stringMatching(/^\{"c2": ?1767623400002\}$/),
      });
    });

    it('drops a stale call from the row when the next call begins', async () => {
      const db = await dialect.migrated();
      const store = new SqlMcpSessionStore(db);
      await store.create('s1', T0);
      await store.beginCall('s1', 'lost', 'b1', T0, WINDOW, STALE);
      await store.beginCall('s1', 'c2', 'b2', T0 + STALE, WINDOW, STALE);
      const { calls } = await db.selectFrom('mcp_sessions').select('calls').executeTakeFirstOrThrow();
      expect(JSON.parse(calls)).toEqual({ c2: T0 + STALE });
    });

    it('names the column when the bound token is not a sealed value', async () => {
      const db = await dialect.migrated();
      const store = new SqlMcpSessionStore(db);
      await store.create('s1', T0);
      await db.updateTable('mcp_sessions').set({ bound_token: '{"keyId":"k1"}' }).execute();
      await expect(store.touch('s1', T0 + 1, STALE)).rejects.toThrow('mcp_sessions.bound_token holds JSON that is not a sealed value');
    });

    it('puts the calls of one session that instances begin at once into one batch', async () => {
      const instances = (await dialect.migratedMany(5)).map((db) => new SqlMcpSessionStore(db));
      await instances[0]!.create('s1', T0);
      const keys = await Promise.all(
        Array.from({ length: 50 }, (_, i) => instances[i % instances.length]!.beginCall('s1', `c${i}`, `b${i}`, T0 + i, WINDOW, STALE)),
      );
      expect(new Set(keys).size).toBe(1);
      await Promise.all(Array.from({ length: 50 }, (_, i) => instances[(i + 2) % instances.length]!.endCall('s1', `c${i}`, T0 + 100 + i)));
      expect(await instances[3]!.beginCall('s1', 'late', 'b-late', T0 + 149 + WINDOW - 1, WINDOW, STALE)).toBe(keys[0]);
      await instances[3]!.endCall('s1', 'late', T0 + 149 + WINDOW);
      expect(await instances[4]!.beginCall('s1', 'next', 'b-next', T0 + 149 + 2 * WINDOW, WINDOW, STALE)).toBe('b-next');
    });

    it('agrees on one batch when instances begin and end calls of one session at once, and forgets every ended call', async () => {
      const dbs = await dialect.migratedMany(5);
      const instances = dbs.map((db) => new SqlMcpSessionStore(db));
      await instances[0]!.create('s1', T0);
      const keys = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const instance = instances[i % instances.length]!;
          const key = await instance.beginCall('s1', `c${i}`, `b${i}`, T0 + i, WINDOW, STALE);
          await instance.endCall('s1', `c${i}`, T0 + i + 1);
          return key;
        }),
      );
      expect(new Set(keys).size).toBe(1);
      const row = await dbs[1]!.selectFrom('mcp_sessions').select(['calls', 'last_response_at']).executeTakeFirstOrThrow();
      expect({ calls: JSON.parse(row.calls) as unknown, lastResponseAt: row.last_response_at }).toEqual({ calls: {}, lastResponseAt: T0 + 40 });
    });
  });
}
