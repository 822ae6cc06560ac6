import type { Clock } from '@condor/core';

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}

/**
 * Real time shifted to start at a chosen instant (CONDOR_SIM_START), the simulated market then trading at that date
 * and time of day whenever the process runs, and running `rate` times as fast as real time (CONDOR_SIM_CLOCK_RATE),
 * so a test of a walk that takes minutes of the server's time takes seconds. For demos and end-to-end tests;
 * instances given the same start, anchor and rate share one clock.
 * @example new ShiftedClock(Date.UTC(2026, 1, 10, 15), Date.now(), 5).now() // 15:00 UTC, then 5 s each real second
 */
export class ShiftedClock implements Clock {
  /**
   * @param start the instant the clock reads at `anchor`
   * @param anchor the real instant (epoch ms) `start` stands for
   * @param rate server milliseconds per real millisecond, a whole number so that every reading is whole milliseconds
   */
  constructor(
    private readonly start: number,
    private readonly anchor: number = Date.now(),
    private readonly rate = 1,
  ) {}

  now(): number {
    return this.start + (Date.now() - this.anchor) * this.rate;
  }
}
