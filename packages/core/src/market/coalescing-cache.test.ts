import { err, ok, ResultAsync, type Result } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { CoalescingCache } from './coalescing-cache.js';

/** A fetch the test settles by hand; `inFlight` counts the fetches started and not yet settled. */
function manualFetch<V>(): { fetch: () => ResultAsync<V, string>; settle: (result: Result<V, string>) => void; fail: (cause: Error) => void; readonly inFlight: number } {
  const pending: { resolve: (result: Result<V, string>) => void; reject: (cause: Error) => void }[] = [];
  return {
    fetch: () => new ResultAsync(new Promise<Result<V, string>>((resolve, reject) => pending.push({ resolve, reject }))),
    settle: (result) => {
      pending.shift()?.resolve(result);
    },
    fail: (cause) => {
      pending.shift()?.reject(cause);
    },
    get inFlight() {
      return pending.length;
    },
  };
}

describe('CoalescingCache', () => {
  it('shares one fetch between concurrent gets and reuses its value until the TTL runs out', async () => {
    const clock = { now: 0 };
    const cache = new CoalescingCache<number, string>({ ttlMs: 1_000, now: () => clock.now });
    let fetches = 0;
    const fetch = (): ResultAsync<number, string> => {
      fetches += 1;
      return ResultAsync.fromSafePromise(Promise.resolve(fetches));
    };
    const values = await Promise.all([cache.get('a', fetch), cache.get('a', fetch), cache.get('b', fetch)]);
    expect(values.map((v) => v._unsafeUnwrap())).toEqual([1, 1, 2]);
    clock.now = 999;
    expect((await cache.get('a', fetch))._unsafeUnwrap()).toBe(1);
    clock.now = 1_000;
    expect((await cache.get('a', fetch))._unsafeUnwrap()).toBe(3);
  });

  it('hands an error to the gets that waited for it and keeps nothing', async () => {
    const cache = new CoalescingCache<string, string>({ ttlMs: 60_000, now: () => 0 });
    const source = manualFetch<string>();
    const waiting = [cache.get('k', source.fetch), cache.get('k', source.fetch)];
    expect(source.inFlight).toBe(1);
    source.settle(err('down'));
    expect((await Promise.all(waiting)).map((r) => r._unsafeUnwrapErr())).toEqual(['down', 'down']);
    const retry = cache.get('k', source.fetch);
    expect(source.inFlight).toBe(1);
    source.settle(ok('up'));
    expect((await retry)._unsafeUnwrap()).toBe('up');
  });

  it('fetches again after a fetch that threw instead of returning an error', async () => {
    const cache = new CoalescingCache<string, string>({ ttlMs: 60_000, now: () => 0 });
    const source = manualFetch<string>();
    const broken = cache.get('k', source.fetch);
    source.fail(new Error('bug'));
    await expect(broken).rejects.toThrow('bug');
    const retry = cache.get('k', source.fetch);
    source.settle(ok('fine'));
    expect((await retry)._unsafeUnwrap()).toBe('fine');
  });
});
