import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock, MemoryRetentionStore, RecordingLogger } from '@condor/testkit';
import { migrateToLatest, openSqlite, SqlRetentionStore } from '@condor/store-sql';
import { afterEach, describe, expect, it } from 'vitest';
import { RetentionLoop } from './retention-loop.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const loopOver = (store: MemoryRetentionStore | SqlRetentionStore, clock: FakeClock, holder: string, logger = new RecordingLogger()) =>
  new RetentionLoop({ store, clock, logger, holder, intervalMs: HOUR, batchSize: 2 });

describe('RetentionLoop', () => {
  it('purges what ended before its retention, in batches, and keeps the rest', async () => {
    const clock = new FakeClock();
    const store = MemoryRetentionStore.create();
    const now = clock.now();
    for (let i = 0; i < 5; i += 1) store.add('approvalLinks', now - 31 * DAY - i);
    store.add('approvalLinks', now - 29 * DAY);
    store.add('authorizationCodes', now - 2 * DAY);
    store.add('authorizationCodes', now - HOUR);
    store.add('rateLimitWindows', now - 1);
    store.add('rateLimitWindows', now + 1);
    const report = await loopOver(store, clock, 'a').runOnce();
    expect(report).toMatchObject({ approvalLinks: 5, authorizationCodes: 1, rateLimitWindows: 1, sessionFamilies: 0 });
    expect(store.left('approvalLinks')).toEqual([now - 29 * DAY]);
    expect(store.left('authorizationCodes')).toEqual([now - HOUR]);
    expect(store.left('rateLimitWindows')).toEqual([now + 1]);
  });

  it('runs on one instance per interval: the other skips until the lease ends', async () => {
    const clock = new FakeClock();
    const first = MemoryRetentionStore.create();
    const a = loopOver(first, clock, 'a');
    const b = loopOver(first.sharing(), clock, 'b');
    first.add('callBatches', clock.now() - 2 * DAY);
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect([ra, rb].filter((report) => report !== null)).toHaveLength(1);
    expect(first.left('callBatches')).toEqual([]);
    clock.advance(HOUR - 1);
    expect(await b.runOnce()).toBeNull();
    clock.advance(1);
    expect(await b.runOnce()).not.toBeNull();
  });

  it('runs at start, logs what went, and stops with the run under way finished', async () => {
    const clock = new FakeClock();
    const store = MemoryRetentionStore.create();
    store.add('browserSessions', clock.now() - 31 * DAY);
    const logger = new RecordingLogger();
    const loop = loopOver(store, clock, 'a', logger);
    loop.start();
    await loop.stop();
    expect(store.left('browserSessions')).toEqual([]);
    expect(logger.lines).toEqual([{ level: 'info', event: 'retention_purged', fields: expect.objectContaining({ browserSessions: 1 }) as unknown }]);
    expect(await loop.runOnce()).toBeNull();
  });

  it('logs a failed run and keeps going', async () => {
    const clock = new FakeClock();
    const store = MemoryRetentionStore.create();
    store.purgeBefore = () => Promise.reject(new Error('database down'));
    const logger = new RecordingLogger();
    const loop = loopOver(store, clock, 'a', logger);
    loop.start();
    await loop.stop();
    expect(logger.lines).toEqual([{ level: 'warn', event: 'retention_purge_failed', fields: { error: 'database down' } }]);
  });
});

describe('RetentionLoop on one SQLite file from two processes’ connections', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('lets exactly one of two racing loops purge', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'condor-retention-'));
    dirs.push(dir);
    const file = join(dir, 'condor.db');
    const [one, two] = [openSqlite(file), openSqlite(file)];
    await migrateToLatest(one);
    const clock = new FakeClock();
    await one.insertInto('rate_limit_windows').values([{ key: 'spent', count: 1, reset_at: clock.now() - 1 }, { key: 'live', count: 1, reset_at: clock.now() + 1 }]).execute();
    try {
      const reports = await Promise.all([loopOver(new SqlRetentionStore(one), clock, 'one').runOnce(), loopOver(new SqlRetentionStore(two), clock, 'two').runOnce()]);
      expect(reports.filter((report) => report !== null)).toEqual([expect.objectContaining({ rateLimitWindows: 1 })]);
      expect(await two.selectFrom('rate_limit_windows').select('key').execute()).toEqual([{ key: 'live' }]);
    } finally {
      await one.destroy();
      await two.destroy();
    }
  });
});
