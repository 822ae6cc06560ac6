import type { Clock } from '@condor/core';

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}

/**
 * Real time shifted to start at a chosen instant (CONDOR_SIM_START): the simulated market then trades
 * at that date and time of day whenever the process runs — for demos and end-to-end tests.
 */
export class ShiftedClock implements Clock {
  private readonly offset: number;
  constructor(start: number, realNow: number = Date.now()) {
    this.offset = start - realNow;
  }
  now(): number {
    return Date.now() + this.offset;
  }
}
