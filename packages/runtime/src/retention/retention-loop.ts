import { RETENTION, RETENTION_KINDS, retentionCutoffs, type Clock, type Logger, type RetentionKind, type RetentionSpec, type RetentionStore } from '@condor/core';
import { Ticker } from '../scheduling/ticker.js';

/** The lease's name in the store: one purge at a time across every instance on the database. */
export const RETENTION_LEASE = 'retention_purge';

/** Options of a RetentionLoop; `holder` names this instance in the lease (unique per process). */
export interface RetentionLoopOptions {
  readonly store: RetentionStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly holder: string;
  /** Between runs; also the lease's length, so one instance purges per interval however many run. */
  readonly intervalMs?: number;
  /** Rows deleted per statement: small enough that no delete holds a table for long. */
  readonly batchSize?: number;
  readonly policy?: Readonly<Record<RetentionKind, RetentionSpec>>;
}

/** Rows each kind lost in one run. */
export type PurgeReport = Readonly<Record<RetentionKind, number>>;

const HOUR_MS = 60 * 60_000;

/**
 * The periodic retention purge (docs/retention.md): at start and then every interval, the instance that claims the
 * lease deletes what ended before its retention, kind by kind in batches, renewing the lease before each batch so a
 * long run is never joined by a second instance. The others skip the run.
 */
export class RetentionLoop {
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly ticker: Ticker;

  constructor(private readonly options: RetentionLoopOptions) {
    this.intervalMs = options.intervalMs ?? HOUR_MS;
    this.batchSize = options.batchSize ?? 500;
    // The lease is this instance's, so it would not stop a second run here: the ticker skips a tick while one runs.
    this.ticker = new Ticker(() => this.purge(), this.intervalMs, true);
  }

  start(): void {
    this.ticker.start();
  }

  /** Cancels the next runs and waits for one under way (it stops after its current batch). */
  async stop(): Promise<void> {
    await this.ticker.stop();
  }

  /** One run: the report of what went, or null when another instance holds the lease (or this loop was stopped). */
  async runOnce(): Promise<PurgeReport | null> {
    const { store, clock } = this.options;
    if (!(await this.claim())) return null;
    const cutoffs = retentionCutoffs(clock.now(), this.options.policy ?? RETENTION);
    const report: Record<RetentionKind, number> = { approvalLinks: 0, browserSessions: 0, authorizationCodes: 0, sessionFamilies: 0, rateLimitWindows: 0, callBatches: 0 };
    for (const kind of RETENTION_KINDS) {
      for (;;) {
        const gone = await store.purgeBefore(kind, cutoffs[kind], this.batchSize);
        report[kind] += gone;
        if (gone < this.batchSize) break;
        if (!(await this.claim())) return report;
      }
    }
    return report;
  }

  private async claim(): Promise<boolean> {
    if (this.ticker.stopped) return false;
    const now = this.options.clock.now();
    return this.options.store.claimLease(RETENTION_LEASE, this.options.holder, now, now + this.intervalMs);
  }

  /** One scheduled run, logged. */
  private purge(): Promise<void> {
    const { logger } = this.options;
    return this.runOnce().then(
      (report) => {
        if (report !== null && Object.values(report).some((n) => n > 0)) logger.info('retention_purged', { ...report });
      },
      (error: unknown) => {
        logger.warn('retention_purge_failed', { error: error instanceof Error ? error.message : String(error) });
      },
    );
  }
}
