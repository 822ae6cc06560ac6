import { EVENT_FLAGS, hasFlag, type CandleEvent } from './candle-event.js';

/**
 * One subscription's time-series snapshot, put together from events as they come (newest first, over several
 * frames): SNAPSHOT_BEGIN starts it afresh, REMOVE takes the event at that time out (the price-less REMOVE|END
 * sentinel and the empty snapshot, flags 14, remove nothing real), and it is complete once SNAPSHOT_END or
 * SNAPSHOT_SNIP has come and the last event seen has TX_PENDING cleared. Events after that are live updates of
 * the current bar, and are not taken.
 * @example
 * const snapshot = new CandleSnapshot();
 * for (const event of events) snapshot.accept(event);
 * if (snapshot.complete) use(snapshot.candles()); // ascending by time
 */
export class CandleSnapshot {
  private readonly byTime = new Map<number, CandleEvent>();
  private ended = false;
  private pending = false;
  private received = 0;

  get complete(): boolean {
    return this.ended && !this.pending;
  }

  /** Events taken so far, the removals and the sentinel included. */
  get eventCount(): number {
    return this.received;
  }

  accept(event: CandleEvent): void {
    if (this.complete) return;
    this.received++;
    if (hasFlag(event, EVENT_FLAGS.snapshotBegin)) this.byTime.clear();
    if (hasFlag(event, EVENT_FLAGS.remove)) this.byTime.delete(event.time);
    else if (Number.isFinite(event.time)) this.byTime.set(event.time, event);
    if (hasFlag(event, EVENT_FLAGS.snapshotEnd) || hasFlag(event, EVENT_FLAGS.snapshotSnip)) this.ended = true;
    this.pending = hasFlag(event, EVENT_FLAGS.txPending);
  }

  /** The candles held, ascending by time. */
  candles(): CandleEvent[] {
    return [...this.byTime.values()].sort((a, b) => a.time - b.time);
  }
}
