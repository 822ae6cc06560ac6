import type { McpSessionRecord, McpSessionStore, Sealed } from '@condor/core';

interface Entry {
  record: McpSessionRecord;
  batchKey: string | null;
  lastResponseAt: number | null;
  readonly calls: Map<string, number>;
}

/** In-memory McpSessionStore with the same semantics as the SQL one. */
export class MemoryMcpSessionStore implements McpSessionStore {
  private readonly sessions = new Map<string, Entry>();

  create(id: string, now: number): Promise<void> {
    if (this.sessions.has(id)) return Promise.reject(new Error(`MCP session ${id} exists`));
    this.sessions.set(id, { record: { id, createdAt: now, lastSeenAt: now, boundToken: null }, batchKey: null, lastResponseAt: null, calls: new Map() });
    return Promise.resolve();
  }

  touch(id: string, now: number, idleTimeoutMs: number): Promise<McpSessionRecord | null> {
    const entry = this.sessions.get(id);
    if (entry === undefined) return Promise.resolve(null);
    if (now - entry.record.lastSeenAt >= idleTimeoutMs) {
      this.sessions.delete(id);
      return Promise.resolve(null);
    }
    entry.record = { ...entry.record, lastSeenAt: Math.max(entry.record.lastSeenAt, now) };
    return Promise.resolve(entry.record);
  }

  bind(id: string, token: Sealed | null): Promise<boolean> {
    const entry = this.sessions.get(id);
    if (entry !== undefined) entry.record = { ...entry.record, boundToken: token };
    return Promise.resolve(entry !== undefined);
  }

  beginCall(id: string, callId: string, candidate: string, now: number, windowMs: number, staleMs: number): Promise<string> {
    const entry = this.sessions.get(id);
    if (entry === undefined) return Promise.resolve(candidate);
    for (const [call, begunAt] of entry.calls) if (now - begunAt >= staleMs) entry.calls.delete(call);
    const recentResponse = entry.lastResponseAt !== null && now - entry.lastResponseAt < windowMs;
    if (entry.batchKey === null || (entry.calls.size === 0 && !recentResponse)) entry.batchKey = candidate;
    entry.calls.set(callId, now);
    return Promise.resolve(entry.batchKey);
  }

  keepCall(id: string, callId: string, now: number): Promise<void> {
    const calls = this.sessions.get(id)?.calls;
    if (calls?.has(callId) === true) calls.set(callId, now);
    return Promise.resolve();
  }

  endCall(id: string, callId: string, now: number): Promise<void> {
    const entry = this.sessions.get(id);
    if (entry === undefined) return Promise.resolve();
    entry.calls.delete(callId);
    entry.lastResponseAt = Math.max(entry.lastResponseAt ?? now, now);
    return Promise.resolve();
  }

  end(id: string): Promise<boolean> {
    return Promise.resolve(this.sessions.delete(id));
  }

  endIdle(before: number): Promise<number> {
    let ended = 0;
    for (const [id, entry] of this.sessions) {
      if (entry.record.lastSeenAt < before) {
        this.sessions.delete(id);
        ended++;
      }
    }
    return Promise.resolve(ended);
  }
}
