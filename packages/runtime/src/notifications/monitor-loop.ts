import { monitorOwner, tellEndingLogins, type OwnerRound, type RetentionStore, type Services } from '@condor/core';
import { Ticker } from '../scheduling/ticker.js';

/** The lease's name in the store: one monitor round at a time across every instance on the database. */
export const MONITOR_LEASE = 'position_monitor';

/** Options of a MonitorLoop; `holder` names this instance in the lease (unique per process). */
export interface MonitorLoopOptions {
  readonly services: Services;
  /** Where the lease is kept (the retention purge's lease table). */
  readonly store: Pick<RetentionStore, 'claimLease'>;
  readonly holder: string;
  /** Between rounds (default 2 minutes); also the lease's length, renewed before each person. */
  readonly intervalMs?: number;
}

/** What one round did: each person with a live position, in turn. */
export interface MonitorReport {
  /** False when the round stopped before the last person: the lease went to another instance, or the loop was stopped. */
  readonly finished: boolean;
  readonly owners: readonly OwnerRound[];
  /** News stored of logins at a broker that end within a day (each login once). */
  readonly loginsEnding: number;
}

const MINUTE_MS = 60_000;
const NOTHING_TOLD: ReadonlySet<string> = new Set();

/**
 * The position monitor (design §18): at start and then every interval, the instance that claims the lease runs a
 * round — first the news of broker logins that end within a day, then for each person with a live position, `monitorOwner` marks their positions on their market and stores the
 * news of each alert not told before. The lease is renewed before each person, so a long round is never joined by a
 * second instance; the others skip the round. The store's key, not the lease, is what makes each alert told once:
 * a round cut short by a restart leaves nothing half-told, and the next round (here or elsewhere) finishes it.
 */
export class MonitorLoop {
  private readonly intervalMs: number;
  private readonly ticker: Ticker;
  /** Per person, the keys of their alerts this instance saw stored at its last look (spares the store; lost on restart). */
  private readonly told = new Map<string, ReadonlySet<string>>();

  constructor(private readonly options: MonitorLoopOptions) {
    this.intervalMs = options.intervalMs ?? 2 * MINUTE_MS;
    this.ticker = new Ticker(() => this.round(), this.intervalMs, true);
  }

  start(): void {
    this.ticker.start();
  }

  /** Cancels the next rounds and waits for one under way (it stops after the person it is looking at). */
  async stop(): Promise<void> {
    await this.ticker.stop();
  }

  /** One round: what it did for each person, or null when another instance holds the lease (or this loop was stopped). */
  async runOnce(): Promise<MonitorReport | null> {
    const { services } = this.options;
    if (!(await this.claim())) return null;
    const loginsEnding = await tellEndingLogins(services);
    const owners = await services.positions.ownersWithLive();
    const rounds: OwnerRound[] = [];
    for (const ownerId of owners) {
      if (rounds.length > 0 && !(await this.claim())) return { finished: false, owners: rounds, loginsEnding };
      const round = await monitorOwner(ownerId, this.told.get(ownerId) ?? NOTHING_TOLD, services).match(
        (done) => done,
        (never) => never,
      );
      if (round.status === 'checked') this.told.set(ownerId, new Set(round.alerts));
      rounds.push(round);
    }
    for (const ownerId of this.told.keys()) if (!owners.includes(ownerId)) this.told.delete(ownerId);
    return { finished: true, owners: rounds, loginsEnding };
  }

  private async claim(): Promise<boolean> {
    if (this.ticker.stopped) return false;
    const now = this.options.services.clock.now();
    return this.options.store.claimLease(MONITOR_LEASE, this.options.holder, now, now + this.intervalMs);
  }

  /** One scheduled round, logged. */
  private round(): Promise<void> {
    const { logger } = this.options.services;
    return this.runOnce().then(
      (report) => {
        const added = report?.owners.reduce((sum, round) => sum + round.added.length, 0) ?? 0;
        if (report !== null && added > 0) logger.info('position_alerts_stored', { owners: report.owners.length, added, finished: report.finished });
        if (report !== null && report.loginsEnding > 0) logger.info('login_endings_stored', { added: report.loginsEnding });
      },
      (error: unknown) => {
        logger.warn('position_monitor_round_failed', { error: error instanceof Error ? error.message : String(error) });
      },
    );
  }
}
