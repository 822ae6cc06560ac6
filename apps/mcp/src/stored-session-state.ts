import { randomUUID } from 'node:crypto';
import type { Clock, McpSessionStore, SecretBox } from '@condor/core';
import { BATCH_WINDOW_MS } from './session-batches.js';
import type { McpSessionState, SessionCall } from './session-state.js';

/** A call still marked in flight this long after it began is taken for one whose instance died. */
export const STALE_CALL_MS = 120_000;

/** What a stored session needs besides its id. */
export interface StoredSessionDeps {
  readonly store: McpSessionStore;
  /** Seals the bound token at rest; null (no CONDOR_SECRET_KEY in production) keeps binding to this request. */
  readonly secrets: SecretBox | null;
  readonly clock: Clock;
  readonly batchWindowMs?: number;
}

const boundTokenField = (sessionId: string): string => `mcp_session|${sessionId}|bound_token|v1`;

/**
 * The state of one Streamable HTTP session in the McpSessionStore, so that any instance can answer its
 * next request: the bound token sealed under the session's id, and the batch of every call decided by
 * the store in one atomic step.
 */
export class StoredSessionState implements McpSessionState {
  private token: string | null;

  constructor(
    private readonly sessionId: string,
    openedToken: string | null,
    private readonly deps: StoredSessionDeps,
  ) {
    this.token = openedToken;
  }

  /** Opens the session's bound token, if any: a value that does not open (a retired key) counts as none. */
  static async open(sessionId: string, sealed: Parameters<SecretBox['open']>[0] | null, deps: StoredSessionDeps): Promise<StoredSessionState> {
    const token = sealed === null || deps.secrets === null ? null : await deps.secrets.open(sealed, boundTokenField(sessionId));
    return new StoredSessionState(sessionId, token, deps);
  }

  boundToken(): Promise<string | null> {
    return Promise.resolve(this.token);
  }

  async bind(token: string | null): Promise<void> {
    this.token = token;
    const { secrets, store } = this.deps;
    if (token === null) await store.bind(this.sessionId, null);
    else if (secrets !== null) await store.bind(this.sessionId, await secrets.seal(token, boundTokenField(this.sessionId)));
  }

  async begin(assigned: string | null): Promise<SessionCall> {
    const { store, clock, batchWindowMs = BATCH_WINDOW_MS } = this.deps;
    const callId = randomUUID();
    const batchKey = await store.beginCall(this.sessionId, callId, assigned ?? randomUUID(), clock.now(), batchWindowMs, STALE_CALL_MS);
    return { batchKey, end: () => store.endCall(this.sessionId, callId, clock.now()) };
  }
}
