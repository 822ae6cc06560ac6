import { describe, expect, it } from 'vitest';
import { ShiftedClock } from './system-clock.js';

describe('ShiftedClock', () => {
  it('starts at the chosen instant and moves with real time', async () => {
    const start = Date.UTC(2026, 1, 10, 15);
    const clock = new ShiftedClock(start);
    const first = clock.now();
    expect(first - start).toBeGreaterThanOrEqual(0);
    expect(first - start).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.now()).toBeGreaterThan(first);
  });
});
