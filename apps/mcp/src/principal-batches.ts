import { randomUUID } from 'node:crypto';
import type { CallBatchStore, Clock } from '@condor/core';

/** How long after a principal's response its next call still counts as the same batch (design §5). */
export const BATCH_WINDOW_MS = 1_000;
/** A call in flight that its instance has not kept alive for this long is taken for one whose instance died. */
export const STALE_CALL_MS = 120_000;
/** How often a running call is kept alive: well inside STALE_CALL_MS, so a slow call never goes stale. */
export const KEEP_ALIVE_MS = 30_000;

/** A tool call's place in its principal's batches, and how to say it has answered. */
export interface BatchedCall {
  readonly batchKey: string;
  end(): Promise<void>;
}

/**
 * The batch rule of design §5 without sessions: calls of one principal that are in flight together, or
 * arrive within the window after that principal's previous response, share a batch; any other call
 * starts one under the key its transport or client assigned. The store decides each call in one atomic
 * step, so every instance behind a load balancer agrees; a running call is kept alive, so only the calls
 * of a dead instance go stale. A call that authenticates no one has no principal and a batch of its own.
 */
export class PrincipalBatches {
  constructor(
    private readonly store: CallBatchStore,
    private readonly clock: Clock,
    private readonly windowMs = BATCH_WINDOW_MS,
  ) {}

  async begin(principal: string | null, assigned: string | null): Promise<BatchedCall> {
    const candidate = assigned ?? randomUUID();
    if (principal === null) return { batchKey: candidate, end: () => Promise.resolve() };
    const { store, clock } = this;
    const callId = randomUUID();
    const batchKey = await store.beginCall(principal, callId, candidate, clock.now(), this.windowMs, STALE_CALL_MS);
    const keepAlive = setInterval(() => {
      // A missed beat is made up by the next one, long before the call could go stale.
      store.keepCall(principal, callId, clock.now()).catch(() => undefined);
    }, KEEP_ALIVE_MS);
    keepAlive.unref();
    return {
      batchKey,
      end: () => {
        clearInterval(keepAlive);
        return store.endCall(principal, callId, clock.now());
      },
    };
  }
}
