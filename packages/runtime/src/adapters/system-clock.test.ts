import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShiftedClock } from './system-clock.js';

describe('ShiftedClock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at the chosen instant and moves with real time', async () => {
    const start = Date.UTC(2026, 1, 10, 15);
    const clock = new ShiftedClock(start);
    const first = clock.now();
    expect(first - start).toBeGreaterThanOrEqual(0);
    expect(first - start).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.now()).toBeGreaterThan(first);
  });

  it('reads the start at its anchor, then runs `rate` times as fast as real time', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12), toFake: ['Date'] });
    const start = Date.UTC(2026, 1, 10, 15);
    const clock = new ShiftedClock(start, Date.now() - 2_000, 5);
    expect(clock.now()).toBe(start + 10_000);
    vi.advanceTimersByTime(6_000);
    expect(clock.now()).toBe(start + 40_000);
  });
});
