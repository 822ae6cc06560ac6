import type { QuotaStore } from '@condor/core';

/** In-memory QuotaStore with the same semantics as the SQL one. */
export class MemoryQuotaStore implements QuotaStore {
  /** Counts by tool, per JSON `[userId, day]`. */
  private readonly counts = new Map<string, Map<string, number>>();

  consume(userId: string, tool: string, day: string, limit: number): Promise<{ admitted: boolean; used: number }> {
    const key = JSON.stringify([userId, day]);
    const used = this.counts.get(key)?.get(tool) ?? 0;
    if (used >= limit) return Promise.resolve({ admitted: false, used });
    const tools = this.counts.get(key) ?? new Map<string, number>();
    tools.set(tool, used + 1);
    this.counts.set(key, tools);
    return Promise.resolve({ admitted: true, used: used + 1 });
  }

  usage(userId: string, day: string): Promise<Readonly<Record<string, number>>> {
    return Promise.resolve(Object.fromEntries(this.counts.get(JSON.stringify([userId, day])) ?? []));
  }
}
