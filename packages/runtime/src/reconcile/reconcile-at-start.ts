import { reconcileProposal, type Services } from '@condor/core';
import type { UnfinishedProposal } from '@condor/core';

/** The shortest wait before a pass for proposals that had to wait (their submit grace or their 60 s). */
const MIN_WAIT_MS = 1_000;

/**
 * Reconciles every unfinished proposal with the broker when the process starts (`reconcileProposal`: what
 * the broker holds is recorded, an order that never reached it is recorded as not placed, nothing is ever
 * placed), then once more when the earliest of those that had to wait is due, until none waits. A
 * proposal that fails (broker down, link removed) is logged and left to the next start or read.
 */
export class StartupReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly unfinished: () => Promise<readonly UnfinishedProposal[]>,
    private readonly services: Services,
  ) {}

  start(): void {
    this.running = this.pass();
  }

  /** Cancels the next pass and waits for one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    const { logger, clock } = this.services;
    const counts = { at_broker: 0, not_at_broker: 0, unchanged: 0, later: 0, failed: 0 };
    let due: number | null = null;
    let found: readonly UnfinishedProposal[];
    try {
      found = await this.unfinished();
    } catch (error) {
      logger.warn('proposals_reconcile_failed', { error: error instanceof Error ? error.message : String(error) });
      return;
    }
    for (const { ownerId, id } of found) {
      if (this.stopped) return;
      try {
        const result = await reconcileProposal(ownerId, id, this.services);
        if (result.isErr()) {
          counts.failed++;
          logger.warn('proposal_reconcile_failed', { proposal_id: id, error: result.error.code });
          continue;
        }
        const reconciled = result.value;
        counts[reconciled.result]++;
        if (reconciled.result === 'later') due = Math.min(due ?? reconciled.at, reconciled.at);
        if (reconciled.result === 'at_broker' || reconciled.result === 'not_at_broker') logger.info('proposal_reconciled', { proposal_id: id, ...reconciled });
      } catch (error) {
        counts.failed++;
        logger.warn('proposal_reconcile_failed', { proposal_id: id, error: error instanceof Error ? error.message : String(error) });
      }
    }
    if (found.length > 0) logger.info('proposals_reconciled', { checked: found.length, ...counts });
    if (due === null || this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass();
    }, Math.max(MIN_WAIT_MS, due - clock.now()));
    this.timer.unref();
  }
}
