import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

export interface RunningServer {
  readonly baseUrl: string;
  readonly dataDir: string;
  /** The process's stderr, line by line: its JSON log. */
  readonly logs: string[];
  /** Whatever the process writes to stdout (nothing, normally: the log is on stderr), line by line. */
  readonly stdout: string[];
  stop(): Promise<void>;
  /** Ends the process with SIGKILL, as a crash would: no shutdown work runs. */
  kill(): Promise<void>;
}

export interface ServerOptions {
  /**
   * The data folder (SQLite file, development keys) to start on, e.g. one a killed server left: a restart.
   * The caller owns it: stopping or killing the server leaves it in place. Default: a fresh folder, removed on stop.
   */
  readonly dataDir?: string;
}

/** A fresh, empty data folder for `startServer(env, { dataDir })`; the caller removes it. */
export const freshDataDir = (): string => mkdtempSync(join(tmpdir(), 'condor-e2e-'));

/**
 * What every test server runs with unless its `env` says otherwise: the simulated broker fills an order at the mid
 * at once (`at_mid`), as the tests that walk a trade expect; `startServer({ CONDOR_SIM_FILLS: 'realistic' })` asks
 * for the deployments' fill model.
 */
const TEST_ENV: Readonly<Record<string, string>> = { CONDOR_SIM_FILLS: 'at_mid' };

/**
 * Starts the service exactly as `pnpm start` does, on a free loopback port with a fresh data folder (or
 * `options.dataDir`), and resolves once `/readyz` answers 200. `env` comes over `TEST_ENV`.
 */
export async function startServer(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? freshDataDir();
  const owned = options.dataDir === undefined;
  const child = spawn(process.execPath, ['--conditions=@condor/source', '--import', 'tsx', 'apps/rest/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', CONDOR_DATA_DIR: dataDir, ...TEST_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const stdout: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => stdout.push(line));
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => { fail(new Error(`server did not start:\n${logs.join('\n')}`)); }, 30_000);
    child.once('exit', (code) => { fail(new Error(`server exited with ${String(code)}:\n${logs.join('\n')}`)); });
    createInterface({ input: child.stderr }).on('line', (line) => {
      logs.push(line);
      const entry = parse(line);
      if (entry?.event === 'listening' && typeof entry.port === 'number') {
        clearTimeout(timer);
        done(entry.port);
      }
    });
  });
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  await waitReady(baseUrl);
  const removed = owned ? dataDir : null;
  return { baseUrl, dataDir, logs, stdout, stop: () => stop(child, removed), kill: () => stop(child, removed, 'SIGKILL') };
}

function parse(line: string): Record<string, unknown> | null {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}

async function waitReady(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('/readyz never answered 200');
}

/** Ends the process and removes `dataDir` unless it is null (a folder the caller owns). */
async function stop(child: ChildProcess, dataDir: string | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }
  if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
}

/** A JSON answer of the real server: its status and body. */
export interface JsonAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** One JSON request to `server`, with `token` as Bearer when given; throws when no server is running. */
export async function sendJson(
  server: RunningServer | undefined,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  if (server === undefined) throw new Error('no server is running');
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
