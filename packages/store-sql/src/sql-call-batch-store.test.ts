import { callBatchStoreContract } from '@condor/testkit';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/temp-database.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';
import { SqlCallBatchStore } from './sql-call-batch-store.js';

const T0 = 1_767_623_400_000;
const WINDOW = 1_000;
const STALE = 120_000;

for (const dialect of testDialects()) {
  callBatchStoreContract(`SqlCallBatchStore on ${dialect.name}`, async () => new SqlCallBatchStore(await dialect.migrated()));

  describe(`SqlCallBatchStore storage on ${dialect.name}`, () => {
    it('keeps times as integers and the calls in flight as a JSON object, in one row per principal', async () => {
      const db = await dialect.migrated();
      const store = new SqlCallBatchStore(db);
      await store.beginCall('user:u1', 'c1', 'b1', T0 + 1, WINDOW, STALE);
      await store.beginCall('user:u1', 'c2', 'b2', T0 + 2, WINDOW, STALE);
      await store.endCall('user:u1', 'c1', T0 + 3);
      await store.keepCall('user:u1', 'c2', T0 + 4);
      expect(await db.selectFrom('call_batches').selectAll().execute()).toEqual([
        {
          principal: 'user:u1',
          batch_key: 'b1',
          last_response_at: T0 + 3,
          calls: expect.stringMatching(/^\{"c2": ?1767623400004\}$/),
          updated_at: T0 + 4,
        },
      ]);
    });

    it("writes a first call's calls as the JSON the later statements read, whatever its id", async () => {
      const db = await dialect.migrated();
      const store = new SqlCallBatchStore(db);
      await store.beginCall('user:u1', 'a "quoted" \\ id', 'b1', T0, WINDOW, STALE);
      await store.beginCall('user:u1', '__proto__', 'b2', T0 + 1, WINDOW, STALE);
      const { calls } = await db.selectFrom('call_batches').select('calls').executeTakeFirstOrThrow();
      expect(JSON.parse(calls)).toEqual(JSON.parse(`{"a \\"quoted\\" \\\\ id": ${T0}, "__proto__": ${T0 + 1}}`));
      await store.endCall('user:u1', 'a "quoted" \\ id', T0 + 2);
      const after = await db.selectFrom('call_batches').select('calls').executeTakeFirstOrThrow();
      expect(JSON.parse(after.calls)).toEqual(JSON.parse(`{"__proto__": ${T0 + 1}}`));
    });

    it('drops a stale call from the row when the next call begins', async () => {
      const db = await dialect.migrated();
      const store = new SqlCallBatchStore(db);
      await store.beginCall('user:u1', 'lost', 'b1', T0, WINDOW, STALE);
      await store.beginCall('user:u1', 'c2', 'b2', T0 + STALE, WINDOW, STALE);
      const { calls } = await db.selectFrom('call_batches').select('calls').executeTakeFirstOrThrow();
      expect(JSON.parse(calls)).toEqual({ c2: T0 + STALE });
    });

    it('never moves the row back in time when an instance with a slower clock writes', async () => {
      const db = await dialect.migrated();
      const store = new SqlCallBatchStore(db);
      await store.beginCall('user:u1', 'c1', 'b1', T0 + 100, WINDOW, STALE);
      await store.beginCall('user:u1', 'c2', 'b2', T0 + 50, WINDOW, STALE);
      await store.endCall('user:u1', 'c1', T0 + 200);
      await store.endCall('user:u1', 'c2', T0 + 150);
      await store.keepCall('user:u1', 'c2', T0 + 60);
      expect(await db.selectFrom('call_batches').select(['last_response_at', 'updated_at']).executeTakeFirstOrThrow()).toEqual({
        last_response_at: T0 + 200,
        updated_at: T0 + 200,
      });
    });

    it('puts the first calls of one principal that two instances begin at once into one batch', async () => {
      for (let round = 0; round < 5; round++) {
        const instances = (await dialect.migratedMany(2)).map((db) => new SqlCallBatchStore(db));
        const keys = await Promise.all(
          Array.from({ length: 20 }, (_, i) => instances[i % 2]!.beginCall('user:u1', `c${i}`, `b${i}`, T0 + i, WINDOW, STALE)),
        );
        expect(new Set(keys).size).toBe(1);
      }
    });

    it('agrees on one batch when instances begin and end calls of one principal at once, and forgets every ended call', async () => {
      const dbs = await dialect.migratedMany(5);
      const instances = dbs.map((db) => new SqlCallBatchStore(db));
      const keys = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const instance = instances[i % instances.length]!;
          const key = await instance.beginCall('user:u1', `c${i}`, `b${i}`, T0 + i, WINDOW, STALE);
          await instance.endCall('user:u1', `c${i}`, T0 + i + 1);
          return key;
        }),
      );
      expect(new Set(keys).size).toBe(1);
      const row = await dbs[1]!.selectFrom('call_batches').select(['calls', 'last_response_at']).executeTakeFirstOrThrow();
      expect({ calls: JSON.parse(row.calls) as unknown, lastResponseAt: row.last_response_at }).toEqual({ calls: {}, lastResponseAt: T0 + 40 });
      expect(await instances[3]!.beginCall('user:u1', 'late', 'b-late', T0 + 40 + WINDOW - 1, WINDOW, STALE)).toBe(keys[0]);
      await instances[3]!.endCall('user:u1', 'late', T0 + 40 + WINDOW);
      expect(await instances[4]!.beginCall('user:u1', 'next', 'b-next', T0 + 40 + 2 * WINDOW, WINDOW, STALE)).toBe('b-next');
    });

    it('keeps the principals of two instances apart when they begin at once', async () => {
      const [a, b] = (await dialect.migratedMany(2)).map((db) => new SqlCallBatchStore(db));
      const keys = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a! : b!).beginCall(`user:u${i % 4}`, `c${i}`, `b${i}`, T0 + i, WINDOW, STALE)),
      );
      const byPrincipal = new Map<string, Set<string>>();
      keys.forEach((key, i) => byPrincipal.set(`user:u${i % 4}`, (byPrincipal.get(`user:u${i % 4}`) ?? new Set()).add(key)));
      expect([...byPrincipal.values()].map((set) => set.size)).toEqual([1, 1, 1, 1]);
      expect(new Set(keys).size).toBe(4);
    });
  });
}

describe('SqlCallBatchStore statements', () => {
  it('sends one SQL text per statement whatever the call and its times, so SQLite prepares each once', async () => {
    const texts = new Set<string>();
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(':memory:') }), log: (event) => {
        texts.add(event.query.sql);
      },
    });
    await migrateToLatest(db);
    texts.clear();
    const store = new SqlCallBatchStore(db);
    for (let i = 0; i < 3; i++) {
      expect(await store.beginCall('user:u1', `c${String(i)}`, `b${String(i)}`, T0 + 10_000 * i, WINDOW, STALE)).toBe(`b${String(i)}`);
      await store.keepCall('user:u1', `c${String(i)}`, T0 + 10_000 * i + 1);
      await store.endCall('user:u1', `c${String(i)}`, T0 + 10_000 * i + 2);
    }
    expect(texts.size).toBe(3);
  });
});
