/**
 * The tool-call batches of each principal (design §5), kept where every instance behind a load balancer
 * finds them, without a protocol session: calls of one principal (a key such as `user:<id>`) that are in
 * flight together, or arrive within a short window of that principal's previous response, share a batch.
 * Each method is one atomic step, so instances deciding calls of one principal at once agree.
 */
export interface CallBatchStore {
  /**
   * Starts call `callId` of `principal` at `now` and returns its batch key, in one atomic step: the call
   * joins the principal's current batch when another call of the principal is in flight, or the previous
   * response went out less than `windowMs` before `now`; otherwise it starts a batch under `candidate`.
   * A call neither begun nor kept alive (`keepCall`) in the `staleMs` before `now` no longer counts as in
   * flight: its instance died. The principal's first call (or first since `purgeIdle`) records the
   * principal, so concurrent first calls also share one batch.
   *
   * @example
   * const batch = await store.beginCall('user:u1', callId, randomUUID(), clock.now(), 1_000, 120_000);
   * try { … } finally { await store.endCall('user:u1', callId, clock.now()); }
   */
  beginCall(principal: string, callId: string, candidate: string, now: number, windowMs: number, staleMs: number): Promise<string>;
  /** Call `callId` is still running at `now` (its instance is alive); nothing happens to a call that has ended. */
  keepCall(principal: string, callId: string, now: number): Promise<void>;
  /** Ends call `callId`: it is no longer in flight, and `now` is the principal's latest response time (unless a later one is recorded). */
  endCall(principal: string, callId: string, now: number): Promise<void>;
  /**
   * Forgets every principal whose calls last began, were kept alive or ended before `before`; returns how
   * many. Safe for batches when `before` is at least `staleMs` and `windowMs` before now: such a principal
   * has no call in flight and no response within the window, so its next call starts a batch either way.
   */
  purgeIdle(before: number): Promise<number>;
}
