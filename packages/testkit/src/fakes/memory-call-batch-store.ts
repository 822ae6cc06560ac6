import type { CallBatchStore } from '@condor/core';

interface Entry {
  batchKey: string;
  lastResponseAt: number | null;
  readonly calls: Map<string, number>;
  updatedAt: number;
}

/** In-memory CallBatchStore with the same semantics as the SQL one. */
export class MemoryCallBatchStore implements CallBatchStore {
  private readonly principals = new Map<string, Entry>();

  beginCall(principal: string, callId: string, candidate: string, now: number, windowMs: number, staleMs: number): Promise<string> {
    const entry = this.principals.get(principal);
    if (entry === undefined) {
      this.principals.set(principal, { batchKey: candidate, lastResponseAt: null, calls: new Map([[callId, now]]), updatedAt: now });
      return Promise.resolve(candidate);
    }
    for (const [call, begunAt] of entry.calls) if (now - begunAt >= staleMs) entry.calls.delete(call);
    const recentResponse = entry.lastResponseAt !== null && now - entry.lastResponseAt < windowMs;
    if (entry.calls.size === 0 && !recentResponse) entry.batchKey = candidate;
    entry.calls.set(callId, now);
    entry.updatedAt = Math.max(entry.updatedAt, now);
    return Promise.resolve(entry.batchKey);
  }

  keepCall(principal: string, callId: string, now: number): Promise<void> {
    const entry = this.principals.get(principal);
    if (entry !== undefined) {
      if (entry.calls.has(callId)) entry.calls.set(callId, now);
      entry.updatedAt = Math.max(entry.updatedAt, now);
    }
    return Promise.resolve();
  }

  endCall(principal: string, callId: string, now: number): Promise<void> {
    const entry = this.principals.get(principal);
    if (entry !== undefined) {
      entry.calls.delete(callId);
      entry.lastResponseAt = Math.max(entry.lastResponseAt ?? now, now);
      entry.updatedAt = Math.max(entry.updatedAt, now);
    }
    return Promise.resolve();
  }

  purgeIdle(before: number): Promise<number> {
    let purged = 0;
    for (const [principal, entry] of this.principals) {
      if (entry.updatedAt < before) {
        this.principals.delete(principal);
        purged++;
      }
    }
    return Promise.resolve(purged);
  }
}
