import { advanceWalk, type Services, type WorkingOrder } from '@condor/core';
import { Ticker } from '../scheduling/ticker.js';

/** Options of a WalkerLoop; `holder` names this instance in the walks' leases (unique per process). */
export interface WalkerLoopOptions {
  readonly services: Services;
  readonly holder: string;
  /** Between looks for due walks. */
  readonly intervalMs?: number;
  /** How long a claimed walk is this instance's: longer than any broker call (they time out in seconds). */
  readonly leaseMs?: number;
  /** Walks claimed per look. */
  readonly batch?: number;
}

/**
 * The working-order walker (design §15): every interval it claims the walks that are due and not leased (on
 * PostgreSQL, across every instance: exactly one walker acts on a walk at a time) and takes one look at each
 * (`advanceWalk`). A walk that fails is logged and looked at again once its lease runs out.
 */
export class WalkerLoop {
  private readonly ticker: Ticker;

  constructor(private readonly options: WalkerLoopOptions) {
    const failed = (error: unknown): void => {
      options.services.logger.warn('working_orders_claim_failed', { error: error instanceof Error ? error.message : String(error) });
    };
    this.ticker = new Ticker(() => this.runOnce(), options.intervalMs ?? 500, false, failed);
  }

  start(): void {
    this.ticker.start();
  }

  /** Cancels the next looks and waits for one under way. */
  async stop(): Promise<void> {
    await this.ticker.stop();
  }

  /** One look: every due walk this instance could claim, each as it was saved after its look. */
  async runOnce(): Promise<readonly WorkingOrder[]> {
    if (this.ticker.stopped) return [];
    const { services, holder } = this.options;
    const claimed = await services.workingOrders.claimDue(holder, services.clock.now(), this.options.leaseMs ?? 30_000, this.options.batch ?? 20);
    const looked: WorkingOrder[] = [];
    for (const walk of claimed) {
      try {
        looked.push(await advanceWalk(walk, { holder, services }));
      } catch (error) {
        services.logger.warn('working_order_failed', { proposal_id: walk.proposalId, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return looked;
  }
}
