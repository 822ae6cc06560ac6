/** Lets long computations share the process: core awaits `pause()` between chunks of work. */
export interface Scheduler {
  /** Resolves after the process has had a chance to run other pending work (I/O, other requests). */
  pause(): Promise<void>;
}
