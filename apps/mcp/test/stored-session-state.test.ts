import { FakeClock, MemoryMcpSessionStore } from '@condor/testkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_MS, STALE_CALL_MS, StoredSessionState } from '../src/stored-session-state.js';

describe('StoredSessionState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a slow call counting in its batch for as long as it runs, and stops once it ends', async () => {
    const store = new MemoryMcpSessionStore();
    const clock = new FakeClock();
    await store.create('key-1', clock.now());
    const state = new StoredSessionState('key-1', null, { store, secrets: null, clock });
    const keep = vi.spyOn(store, 'keepCall');

    const slow = await state.begin('slow-batch');
    for (let elapsed = 0; elapsed < 3 * STALE_CALL_MS; elapsed += KEEP_ALIVE_MS) {
      clock.advance(KEEP_ALIVE_MS);
      await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS);
    }
    // Three stale periods later the slow call is still in flight: a new call joins its batch.
    const joined = await state.begin('another');
    expect(joined.batchKey).toBe('slow-batch');
    expect(keep.mock.calls.length).toBeGreaterThanOrEqual((3 * STALE_CALL_MS) / KEEP_ALIVE_MS);

    await joined.end();
    await slow.end();
    const beats = keep.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5 * KEEP_ALIVE_MS);
    expect(keep.mock.calls.length).toBe(beats);
  });

  it('lets the call of a dead instance go stale: nothing keeps it alive', async () => {
    const store = new MemoryMcpSessionStore();
    const clock = new FakeClock();
    await store.create('key-1', clock.now());
    await store.beginCall('key-1', 'orphan', 'dead-batch', clock.now(), 1_000, STALE_CALL_MS);
    clock.advance(STALE_CALL_MS);
    const state = new StoredSessionState('key-1', null, { store, secrets: null, clock });
    const call = await state.begin('fresh');
    expect(call.batchKey).toBe('fresh');
    await call.end();
  });
});
