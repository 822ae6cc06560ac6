import type { Scheduler } from '@condor/core';

/** Pauses until the event loop has run its pending I/O callbacks (`setImmediate` comes after them). */
export class EventLoopScheduler implements Scheduler {
  pause(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }
}
