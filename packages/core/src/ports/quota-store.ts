/** Daily per-tool call counters, per user and UTC day ('YYYY-MM-DD'). */
export interface QuotaStore {
  /**
   * Counts one call if fewer than `limit` were counted today; atomically, so N concurrent calls on a
   * limit of Q admit exactly Q. Returns whether it was counted and the count after the attempt.
   */
  consume(userId: string, tool: string, day: string, limit: number): Promise<{ admitted: boolean; used: number }>;
  /** Today's counts by tool (tools without calls are absent). */
  usage(userId: string, day: string): Promise<Readonly<Record<string, number>>>;
}
