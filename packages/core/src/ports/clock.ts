/** The time, as epoch milliseconds. Core never reads the system clock itself. */
export interface Clock {
  now(): number;
}
