import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A server the benchmark started as its own process. */
export interface BenchProcess {
  readonly baseUrl: string;
  readonly pid: number;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on now (the child binds it a moment later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * condor as `pnpm start` runs it (the compiled server: run `node scripts/build-server.mjs` first), logs off,
 * on a SQLite file under `dataDir`; resolves once `/readyz` answers 200.
 */
export async function startCondor(dataDir: string, env: Record<string, string>): Promise<BenchProcess> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the server under the benchmark's load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const child = spawn(process.execPath, [...nodeArgs, 'apps/rest/dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'silent', PORT: String(port), HOST: '127.0.0.1', CONDOR_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`condor exited with ${String(child.exitCode)}`);
    if (await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false)) return handle(child, baseUrl);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condor never became ready');
}

/** The bare Hono baseline (bare-hono.ts), answering with the given bodies. */
export async function startBareHono(bodies: Record<string, string>): Promise<BenchProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server/bare-hono.ts'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_BODIES: JSON.stringify(bodies) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((done) => createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', done));
  return handle(child, `http://127.0.0.1:${port}`);
}

function handle(child: ChildProcess, baseUrl: string): BenchProcess {
  return {
    baseUrl,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts the process's peak resident set afresh (Linux `clear_refs` 5), so the next peak is that of the load that follows. */
export function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${String(pid)}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak then counts from the start.
  }
}

/** The process's peak resident set so far (Linux `VmHWM`), in MB; NaN where /proc is missing. */
export function peakRssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${String(pid)}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
    return line === undefined ? Number.NaN : Number(line.replace(/\D+/g, '')) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** CPU time the process has used so far (Linux utime + stime), in seconds; NaN where /proc is missing. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The parent's pid of a process (Linux), or NaN. */
function parentOf(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time a process and its children have used so far (Linux), in seconds: PostgreSQL's postmaster and the
 * backends it forks for each connection. A child that has exited is not counted (connections are pooled).
 */
export function treeCpuSeconds(pid: number): number {
  const children = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((child) => parentOf(child) === pid);
  return children.reduce((sum, child) => sum + (cpuSeconds(child) || 0), cpuSeconds(pid));
}

/** The postmaster's pid of a PostgreSQL data directory (its `postmaster.pid`), or NaN. */
export function postmasterPid(dataDir: string): number {
  try {
    return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return Number.NaN;
  }
}
