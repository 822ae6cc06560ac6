import type { Clock } from '@condor/core';
import { SessionBatches } from './session-batches.js';

/** A tool call's place in its session: the batch it belongs to, and how to say it has answered. */
export interface SessionCall {
  readonly batchKey: string;
  end(): Promise<void>;
}

/**
 * What an MCP session remembers between calls: the token a `login` bound it to and the calls that
 * decide its batches (design §5). Kept in the server for stdio; in the database for Streamable HTTP,
 * where the next request of a session may reach another instance.
 */
export interface McpSessionState {
  /** The access token a login in this session bound it to, or null. */
  boundToken(): Promise<string | null>;
  /** Binds the session to a token, or with null unbinds it. */
  bind(token: string | null): Promise<void>;
  /** A call starting now, under the batch key its transport or client assigned (null: none). */
  begin(assigned: string | null): Promise<SessionCall>;
  /** Ends the session: its binding is gone and, where sessions are stored, its id is no longer known. */
  end(): Promise<void>;
}

/** Session state held by one server in memory: for stdio and in-process clients. */
export class LocalSessionState implements McpSessionState {
  private token: string | null = null;
  private readonly batches: SessionBatches;

  constructor(clock: Clock, batchWindowMs?: number) {
    this.batches = new SessionBatches(clock, batchWindowMs);
  }

  boundToken(): Promise<string | null> {
    return Promise.resolve(this.token);
  }

  bind(token: string | null): Promise<void> {
    this.token = token;
    return Promise.resolve();
  }

  end(): Promise<void> {
    this.token = null;
    return Promise.resolve();
  }

  begin(assigned: string | null): Promise<SessionCall> {
    const batchKey = this.batches.begin(assigned);
    return Promise.resolve({
      batchKey,
      end: () => {
        this.batches.end();
        return Promise.resolve();
      },
    });
  }
}
