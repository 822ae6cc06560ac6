import { randomUUID } from 'node:crypto';
import type { Clock, McpSessionStore, SecretBox } from '@condor/core';
import { BATCH_WINDOW_MS } from './session-batches.js';
import type { McpSessionState, SessionCall } from './session-state.js';

/** A call in flight that its instance has not kept alive for this long is taken for one whose instance died. */
export const STALE_CALL_MS = 120_000;
/** How often a running call is kept alive: well inside STALE_CALL_MS, so a slow call never goes stale. */
export const KEEP_ALIVE_MS = 30_000;

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
 * next request: the bound token sealed under the session's key, and the batch of every call decided by
 * the store in one atomic step; a running call is kept alive, so only the calls of a dead instance go stale.
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
    const keepAlive = setInterval(() => {
      // A missed beat is made up by the next one, long before the call could go stale.
      store.keepCall(this.sessionId, callId, clock.now()).catch(() => undefined);
    }, KEEP_ALIVE_MS);
    keepAlive.unref();
    return {
      batchKey,
      end: () => {
        clearInterval(keepAlive);
        return store.endCall(this.sessionId, callId, clock.now());
      },
    };
  }
}
