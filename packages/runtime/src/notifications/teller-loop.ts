import { tellNews, type NewsOutcome, type NewsServices } from '@condor/core';
import type { Logger } from '@condor/core';
import { Ticker } from '../scheduling/ticker.js';

/** Options of a NewsTellerLoop; `holder` names this instance in the news' leases (unique per process). */
export interface NewsTellerLoopOptions {
  readonly services: NewsServices & { readonly logger: Logger };
  readonly holder: string;
  /** Between looks for news to tell. */
  readonly intervalMs?: number;
  /** How long claimed news is this instance's: longer than a push with its retries or a mail can take. */
  readonly leaseMs?: number;
  readonly batch?: number;
}

/**
 * Tells the news waiting in the outbox (design §18): every interval it leases the news not yet told (on PostgreSQL,
 * across every instance: each piece is told by one teller) and tells each (`tellNews`). News whose telling threw is
 * logged and leased again once its lease runs out.
 */
export class NewsTellerLoop {
  private readonly ticker: Ticker;

  constructor(private readonly options: NewsTellerLoopOptions) {
    const failed = (error: unknown): void => {
      options.services.logger.warn('news_claim_failed', { error: error instanceof Error ? error.message : String(error) });
    };
    this.ticker = new Ticker(() => this.runOnce(), options.intervalMs ?? 1_000, false, failed);
  }

  start(): void {
    this.ticker.start();
  }

  /** Cancels the next looks and waits for one under way. */
  async stop(): Promise<void> {
    await this.ticker.stop();
  }

  /** One look: how each piece of news this instance could claim was told. */
  async runOnce(): Promise<readonly NewsOutcome[]> {
    if (this.ticker.stopped) return [];
    const { services, holder } = this.options;
    const claimed = await services.news.claimUntold(holder, services.clock.now(), this.options.leaseMs ?? 60_000, this.options.batch ?? 20);
    const outcomes: NewsOutcome[] = [];
    for (const news of claimed) {
      try {
        outcomes.push(await tellNews(news, holder, services));
      } catch (error) {
        services.logger.warn('news_failed', { news_id: news.id, kind: news.kind, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return outcomes;
  }
}
