import type { Scheduler } from '@condor/core';

/** Counts pauses and resolves at once, so tests stay deterministic. */
export class ImmediateScheduler implements Scheduler {
  pauses = 0;
  pause(): Promise<void> {
    this.pauses++;
    return Promise.resolve();
  }
}
