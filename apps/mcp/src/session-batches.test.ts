import { FakeClock } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { SessionBatches } from './session-batches.js';

describe('SessionBatches', () => {
  const keys = () => {
    let n = 0;
    return () => `minted-${String(++n)}`;
  };

  it('joins in-flight calls and calls within the window; starts a new batch at exactly the window', () => {
    const clock = new FakeClock();
    const batches = new SessionBatches(clock, 1_000, keys());
    const a = batches.begin(null);
    const b = batches.begin('post-2');
    batches.end();
    batches.end();
    clock.advance(999);
    const c = batches.begin(null);
    batches.end();
    clock.advance(1_000);
    const d = batches.begin('post-4');
    batches.end();
    expect([a, b, c, d]).toEqual(['minted-1', 'minted-1', 'minted-1', 'post-4']);
  });

  it('never lets a stray end make the next call join a finished batch', () => {
    const clock = new FakeClock();
    const batches = new SessionBatches(clock, 1_000, keys());
    batches.end();
    clock.advance(5_000);
    expect(batches.begin(null)).toBe('minted-1');
  });
});
