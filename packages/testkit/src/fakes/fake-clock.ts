import type { Clock } from '@condor/core';

/** A clock that moves only when told to. Starts at 2026-01-05T14:30:00Z (a Monday, market open). */
export class FakeClock implements Clock {
  constructor(private current = Date.UTC(2026, 0, 5, 14, 30)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}
