import { randomUUID } from 'node:crypto';
import type { Clock } from '@condor/core';

/** How long after a response the session's next call still counts as the same batch (design §5). */
export const BATCH_WINDOW_MS = 1_000;

/**
 * The tool-call batches of one MCP session (design §5): a call that arrives while another call of the
 * session is in flight, or within the window after the previous response, joins that call's batch;
 * any other call starts a batch under the key its transport or client assigned (one per HTTP POST, or a
 * `_meta.batch` name), else a fresh one. Times come from the services' clock.
 */
export class SessionBatches {
  private inFlight = 0;
  private lastResponseAt = Number.NEGATIVE_INFINITY;
  private current: string | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs = BATCH_WINDOW_MS,
    private readonly mint: () => string = randomUUID,
  ) {}

  /** The batch key of a call starting now; pair every `begin` with one `end`. */
  begin(assigned: string | null): string {
    const joins = this.current !== null && (this.inFlight > 0 || this.clock.now() - this.lastResponseAt < this.windowMs);
    if (!joins || this.current === null) this.current = assigned ?? this.mint();
    this.inFlight++;
    return this.current;
  }

  /** The call's response is on its way. */
  end(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastResponseAt = this.clock.now();
  }
}
