import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { freshDataDir, sendJson, startServer, type JsonAnswer, type RunningServer } from './server-process.js';

/** A real server process on a data folder of its own, which a kill -9 trial kills and starts again on that folder. */
export interface RestartableServer {
  readonly send: (method: string, path: string, body?: unknown, token?: string, headers?: Record<string, string>) => Promise<JsonAnswer>;
  /** SIGKILL: the process dies mid-request, its data folder stays. */
  readonly kill: () => Promise<void>;
  /** A new process on the same data folder and settings. */
  readonly restart: () => Promise<void>;
  /** The running process's log lines. */
  readonly logs: () => readonly string[];
}

/**
 * Registers the describe block's hooks: starts the server with `settings()` (read once, so a restart has the same
 * clock anchor and fakes) before the tests, and after them stops it, then `alsoStop` (the test's fakes), and removes
 * the data folder.
 */
export function restartableServer(settings: () => Promise<Record<string, string>> | Record<string, string>, alsoStop: () => Promise<void> = () => Promise.resolve()): RestartableServer {
  const dataDir = freshDataDir();
  let env: Record<string, string> = {};
  let server: RunningServer | undefined;

  beforeAll(async () => {
    env = await settings();
    server = await startServer(env, { dataDir });
  }, 60_000);

  afterAll(async () => {
    try {
      await server?.stop();
      await alsoStop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  return {
    send: (method, path, body, token, headers = {}) => sendJson(server, method, path, body, token, headers),
    kill: async () => {
      await server?.kill();
    },
    restart: async () => {
      server = await startServer(env, { dataDir });
    },
    logs: () => server?.logs ?? [],
  };
}
