import { MemoryRateLimitStore } from '@condor/testkit';
import type { WindowCount } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { CoalescedRateLimits, type SharedWindows } from './coalesced-rate-limits.js';

/** The memory store as the shared table, counting the writes it takes. */
function sharedTable(): SharedWindows & { writes: number } {
  const memory = new MemoryRateLimitStore();
  const table = {
    writes: 0,
    hit: (key: string, windowMs: number, now: number) => table.hitBy(key, 1, windowMs, now),
    async hitBy(key: string, count: number, windowMs: number, now: number): Promise<WindowCount> {
      table.writes++;
      let window = await memory.hit(key, windowMs, now);
      for (let i = 1; i < count; i++) window = await memory.hit(key, windowMs, now);
      return window;
    },
    peek: (key: string, now: number) => memory.peek(key, now),
    reset: (key: string) => memory.reset(key),
  };
  return table;
}

const WINDOW_MS = 60_000;

describe('CoalescedRateLimits', () => {
  it('writes an address once per window and per flush while it is far from its limit, counting exactly', async () => {
    const table = sharedTable();
    let now = 1_000;
    const limits = new CoalescedRateLimits(table, { limit: 1_000, now: () => now, onFlushError: () => undefined }, 3_600_000);
    const counts: number[] = [];
    for (let i = 0; i < 100; i++) counts.push((await limits.hit('ip:a', WINDOW_MS, now)).count);
    expect(counts).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(table.writes).toBe(1);
    await limits.flush();
    expect(table.writes).toBe(2);
    expect((await table.peek('ip:a', now)).count).toBe(100);
    now += WINDOW_MS;
    expect((await limits.hit('ip:a', WINDOW_MS, now)).count).toBe(1);
    await limits.close();
  });

  it('writes every hit past half the limit, so the refusal at the limit is exact across instances', async () => {
    const table = sharedTable();
    const now = 1_000;
    const settings = { limit: 10, now: () => now, onFlushError: () => undefined };
    const one = new CoalescedRateLimits(table, settings, 3_600_000);
    const two = new CoalescedRateLimits(table, settings, 3_600_000);
    for (let i = 0; i < 5; i++) await one.hit('ip:a', WINDOW_MS, now);
    await one.flush();
    const counts: number[] = [];
    for (let i = 0; i < 6; i++) counts.push((await two.hit('ip:a', WINDOW_MS, now)).count);
    expect(counts).toEqual([6, 7, 8, 9, 10, 11]);
    expect((await one.hit('ip:a', WINDOW_MS, now)).count).toBe(12);
    await Promise.all([one.close(), two.close()]);
  });

  it('learns the other instances’ hits at each of its flushes', async () => {
    const table = sharedTable();
    const now = 1_000;
    const settings = { limit: 1_000, now: () => now, onFlushError: () => undefined };
    const one = new CoalescedRateLimits(table, settings, 3_600_000);
    const two = new CoalescedRateLimits(table, settings, 3_600_000);
    for (let i = 0; i < 10; i++) await one.hit('ip:a', WINDOW_MS, now);
    for (let i = 0; i < 20; i++) await two.hit('ip:a', WINDOW_MS, now);
    await one.flush();
    await two.flush();
    expect((await one.hit('ip:a', WINDOW_MS, now)).count).toBe(12);
    await one.flush();
    expect((await one.hit('ip:a', WINDOW_MS, now)).count).toBe(32);
    await Promise.all([one.close(), two.close()]);
  });
});
