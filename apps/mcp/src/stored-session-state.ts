import { randomUUID } from 'node:crypto';
import type { Clock, McpSessionStore, Sealed, SecretBox } from '@condor/core';
import { BATCH_WINDOW_MS } from './session-batches.js';
import type { McpSessionState, SessionCall } from './session-state.js';

/** A call in flight that its instance has not kept alive for this long is taken for one whose instance died. */
export const STALE_CALL_MS = 120_000;
/** How often a running call is kept alive: well inside STALE_CALL_MS, so a slow call never goes stale. */
export const KEEP_ALIVE_MS = 30_000;

/** What a stored session needs besides its key (the digest of its id). */
export interface StoredSessionDeps {
  readonly store: McpSessionStore;
  /** Seals the bound token at rest; null (no CONDOR_SECRET_KEY in production) keeps binding to this request. */
  readonly secrets: SecretBox | null;
  readonly clock: Clock;
  readonly batchWindowMs?: number;
}

const boundTokenField = (sessionKey: string): string => `mcp_session|${sessionKey}|bound_token|v1`;

/**
 * The state of one Streamable HTTP session in the McpSessionStore, so that any instance can answer its
 * next request: the bound token sealed under the session's key, and the batch of every call decided by
 * the store in one atomic step; a running call is kept alive, so only the calls of a dead instance go stale.
 */
export class StoredSessionState implements McpSessionState {
  /** The bound token, opened on first use: most HTTP calls bring their own Bearer token and never need it. */
  private token: Promise<string | null> | null = null;

  constructor(
    private readonly sessionKey: string,
    private readonly sealed: Sealed | null,
    private readonly deps: StoredSessionDeps,
  ) {}

  /** A value that does not open (sealed under a retired key) counts as no binding. */
  boundToken(): Promise<string | null> {
    const { secrets } = this.deps;
    this.token ??= this.sealed === null || secrets === null ? Promise.resolve(null) : secrets.open(this.sealed, boundTokenField(this.sessionKey));
    return this.token;
  }

  async bind(token: string | null): Promise<void> {
    this.token = Promise.resolve(token);
    const { secrets, store } = this.deps;
    if (token === null) await store.bind(this.sessionKey, null);
    else if (secrets !== null) await store.bind(this.sessionKey, await secrets.seal(token, boundTokenField(this.sessionKey)));
  }

  async end(): Promise<void> {
    this.token = Promise.resolve(null);
    await this.deps.store.end(this.sessionKey);
  }

  async begin(assigned: string | null): Promise<SessionCall> {
    const { store, clock, batchWindowMs = BATCH_WINDOW_MS } = this.deps;
    const callId = randomUUID();
    const batchKey = await store.beginCall(this.sessionKey, callId, assigned ?? randomUUID(), clock.now(), batchWindowMs, STALE_CALL_MS);
    const keepAlive = setInterval(() => {
      // A missed beat is made up by the next one, long before the call could go stale.
      store.keepCall(this.sessionKey, callId, clock.now()).catch(() => undefined);
    }, KEEP_ALIVE_MS);
    keepAlive.unref();
    return {
      batchKey,
      end: () => {
        clearInterval(keepAlive);
        return store.endCall(this.sessionKey, callId, clock.now());
      },
    };
  }
}
