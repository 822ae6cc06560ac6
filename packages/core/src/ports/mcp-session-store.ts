import type { Sealed } from './secret-box.js';

/** An MCP Streamable HTTP session as every instance of the service sees it. */
export interface McpSessionRecord {
  readonly id: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  /** The access token a `login` in this session bound it to, sealed; null when none is bound. */
  readonly boundToken: Sealed | null;
}

/**
 * MCP sessions kept where every instance behind a load balancer finds them: the session itself, the
 * token a login bound it to, and the calls in flight that decide its batches (design §5). Session ids
 * are unguessable; the store does not tie them to a user (a session exists before its login).
 */
export interface McpSessionStore {
  /** Records a new session, seen at `now`. */
  create(id: string, now: number): Promise<void>;
  /**
   * The session, now marked as seen at `now`; null when it is unknown, ended, or was last seen
   * `idleTimeoutMs` or more before `now` (such a session is ended on the way).
   */
  touch(id: string, now: number, idleTimeoutMs: number): Promise<McpSessionRecord | null>;
  /** Binds the session to a sealed access token, or with null unbinds it; false when the session is gone. */
  bind(id: string, token: Sealed | null): Promise<boolean>;
  /**
   * Starts call `callId` at `now` and returns its batch key, in one atomic step: the call joins the
   * session's current batch when another call of the session is in flight, or the previous response
   * went out less than `windowMs` before `now`; otherwise it starts a batch under `candidate`. A call
   * neither begun nor kept alive (`keepCall`) in the `staleMs` before `now` no longer counts as in
   * flight: its instance died. A session that is gone still gets `candidate`.
   */
  beginCall(id: string, callId: string, candidate: string, now: number, windowMs: number, staleMs: number): Promise<string>;
  /** Call `callId` is still running at `now` (its instance is alive); nothing happens to a call that has ended. */
  keepCall(id: string, callId: string, now: number): Promise<void>;
  /** Ends call `callId`: it is no longer in flight, and `now` is the session's latest response time (unless a later one is recorded). */
  endCall(id: string, callId: string, now: number): Promise<void>;
  /** Ends the session; false when it was not there. */
  end(id: string): Promise<boolean>;
  /** Ends every session last seen before `before`; returns how many. */
  endIdle(before: number): Promise<number>;
}
