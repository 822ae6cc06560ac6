import type { Clock } from '@condor/core';

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}
