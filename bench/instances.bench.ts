/**
 * Two instances on one PostgreSQL: the authenticated read and confirm_proposal, served by one condor process and by
 * two (each its own process, compiled, logs off) on one throwaway cluster (`scripts/postgres-cluster.sh`), with
 * the same 32 connections in all, split 16 + 16 across two autocannon runs in both cases so the client's work is the same.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../packages/store-sql/src/index.js';
import { confirmSpec, median, together, type Load, type LoadSpec } from './server/load.js';
import { cpuSeconds, startCondor, type BenchProcess } from './server/processes.js';
import type { Section } from './targets.js';
import { proposalsAhead, templates, traders, type Trader } from './server/world.js';

const CONNECTIONS = 32;
const ROUNDS = 3;
const SECONDS = 4;
/** Users per confirm run (each run has its own, so no run finds the other's positions on its contracts). */
const TRADERS = 64;
const PROPOSALS_PER_TRADER = 20;
const TARGET = 1.6;

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Pair {
  readonly one: Load;
  readonly two: Load;
}

/** The two-instance section of docs/benchmarks.md; says why when PostgreSQL cannot be started here. */
export async function instancesReport(): Promise<Section> {
  const base = mkdtempSync(join(tmpdir(), 'condor-bench-pg-'));
  chmodSync(base, 0o755); // the cluster's owner is another user (the script's, when run as root)
  const cluster = join(base, 'cluster');
  const servers: BenchProcess[] = [];
  try {
    const started = spawnSync(join(ROOT, 'scripts/postgres-cluster.sh'), ['start', cluster], { encoding: 'utf8' });
    const url = started.stdout.trim().split('\n').at(-1) ?? '';
    if (started.status !== 0 || !url.startsWith('postgres')) return render(new Error(`the PostgreSQL cluster did not start: ${started.stderr.slice(-300)}`));
    const env = {
      DATABASE_URL: url,
      CONDOR_SIGNING_KEY: randomBytes(32).toString('hex'),
      CONDOR_SECRET_KEY: randomBytes(32).toString('base64'),
      CONDOR_APPROVAL: 'confirm',
      CONDOR_RATE_LIMIT: '1000000',
      CONDOR_RATE_LIMIT_WINDOW_SECONDS: '10',
      CONDOR_QUOTA_FIND_IRON_CONDORS: '1000',
      CONDOR_QUOTA_PROPOSE_ENTRY: '1000',
    };
    // One after the other: the first runs the migrations.
    for (const name of ['a', 'b']) servers.push(await startCondor(mkdtempSync(join(base, `${name}-`)), env));
    const [a, b] = servers as [BenchProcess, BenchProcess];
    const users = await traders(a.baseUrl, 2 * TRADERS + 1);
    const reader = users[0]?.token ?? '';
    const read = (server: BenchProcess, seconds = SECONDS): LoadSpec => ({
      url: `${server.baseUrl}/v1/subscription`,
      headers: { authorization: `Bearer ${reader}` },
      connections: CONNECTIONS / 2,
      seconds,
    });
    await together([read(a, 1), read(b, 1)]); // warm-up
    const ones: Load[] = [];
    const twos: Load[] = [];
    const busy = { one: [] as Cores[], two: [] as Cores[] };
    for (let round = 0; round < ROUNDS; round++) {
      ones.push(await measured(servers, busy.one, () => together([read(a), read(a)])));
      twos.push(await measured(servers, busy.two, () => together([read(a), read(b)])));
    }
    process.stderr.write(`instances bench: read done\n`);
    const made = await templates(a.baseUrl, reader, PROPOSALS_PER_TRADER);
    const { db } = openDatabase(url);
    try {
      const confirms = async (owners: readonly Trader[], targets: readonly BenchProcess[]): Promise<Load> => {
        const ahead = await proposalsAhead(db, owners, made);
        const halves = [ahead.filter((_, i) => i % 2 === 0), ahead.filter((_, i) => i % 2 === 1)];
        return together(halves.map((half, i) => confirmSpec((targets[i % targets.length] ?? a).baseUrl, half, CONNECTIONS / 2)));
      };
      const one = await confirms(users.slice(1, 1 + TRADERS), [a]);
      const two = await confirms(users.slice(1 + TRADERS), [a, b]);
      process.stderr.write(`instances bench: confirm done\n`);
      return render({ read: { one: medianLoad(ones), two: medianLoad(twos) }, confirm: { one, two }, cores: { one: meanCores(busy.one), two: meanCores(busy.two) } });
    } finally {
      await db.destroy();
    }
  } catch (error) {
    return render(error instanceof Error ? error : new Error(String(error)));
  } finally {
    for (const server of servers) await server.stop();
    spawnSync(join(ROOT, 'scripts/postgres-cluster.sh'), ['stop', cluster]);
    rmSync(base, { recursive: true, force: true });
  }
}

/** Cores busy during a load: the condor processes' and this process's (autocannon's) CPU time over the wall time. */
interface Cores {
  readonly servers: number;
  readonly client: number;
}

async function measured(servers: readonly BenchProcess[], into: Cores[], run: () => Promise<Load>): Promise<Load> {
  const serverCpu = (): number => servers.reduce((sum, s) => sum + cpuSeconds(s.pid), 0);
  const [before, client, started] = [serverCpu(), process.cpuUsage(), performance.now()];
  const result = await run();
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(client);
  into.push({ servers: (serverCpu() - before) / wall, client: (used.user + used.system) / 1e6 / wall });
  return result;
}

const meanCores = (all: readonly Cores[]): Cores => ({
  servers: all.reduce((sum, c) => sum + c.servers, 0) / all.length,
  client: all.reduce((sum, c) => sum + c.client, 0) / all.length,
});

/** The round with the median rate. */
function medianLoad(loads: readonly Load[]): Load {
  const middle = median(loads.map((l) => l.perSecond));
  return loads.find((l) => l.perSecond === middle) ?? [...loads].sort((x, y) => x.perSecond - y.perSecond)[Math.floor(loads.length / 2)] ?? (loads[0] as Load);
}

const rate = (value: number): string => `${Math.round(value).toLocaleString('en-US')}/s`;
const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

function row(name: string, { one, two }: Pair, target: number | null): string {
  const ratio = two.perSecond / one.perSecond;
  const failed = one.failed + two.failed;
  const verdict = target === null ? '–' : `≥ ${target.toFixed(1)} ${ratio >= target ? 'met' : '**not met**'}`;
  return `| ${name} | ${rate(one.perSecond)} | ${ms(one.p99Ms)} | ${rate(two.perSecond)} | ${ms(two.p99Ms)} | **${ratio.toFixed(2)}** | ${verdict} |${failed > 0 ? ` ${String(failed)} failed` : ''}`;
}

function render(result: { read: Pair; confirm: Pair; cores: { one: Cores; two: Cores } } | Error): Section {
  const lines = [
    '## Two instances on one PostgreSQL',
    '',
    `condor as above, but on PostgreSQL: one throwaway cluster (\`scripts/postgres-cluster.sh\`, \`fsync=off\` as the test suites run it) on this machine, and one or two server processes on it. The same ${String(CONNECTIONS)} connections in both cases, as two autocannon runs of ${String(CONNECTIONS / 2)} (both to the one instance, or one to each); the read is ${String(ROUNDS)} alternating rounds of ${String(SECONDS)} s (median round), the confirm ${String(TRADERS * PROPOSALS_PER_TRADER)} proposals made ahead as in the SQLite run (${String(TRADERS)} users of ${String(PROPOSALS_PER_TRADER)}), new users for each run.`,
    '',
  ];
  const figure = 'authenticated read, two instances on PostgreSQL ÷ one';
  if (result instanceof Error) return { text: [...lines, `Could not run: ${result.message.slice(0, 300)}`].join('\n'), targets: [{ figure, value: 'could not run', goal: `≥ ${TARGET.toFixed(1)}`, met: false }] };
  const ratio = result.read.two.perSecond / result.read.one.perSecond;
  const text = [
    ...lines,
    '| request | one instance | p99 | two instances | p99 | two ÷ one | target |',
    '|---|---|---|---|---|---|---|',
    row('authenticated `GET /v1/subscription`', result.read, TARGET),
    row('`confirm_proposal`', result.confirm, null),
    '',
    `Cores busy during the read (CPU time over wall time, mean of the rounds): one instance ${result.cores.one.servers.toFixed(2)} for condor and ${result.cores.one.client.toFixed(2)} for autocannon; two instances ${result.cores.two.servers.toFixed(2)} for condor (both) and ${result.cores.two.client.toFixed(2)} for autocannon. The machine has ${String(cpus().length)} cores, which the condor processes, autocannon and PostgreSQL share: two instances can only use what one instance leaves to the rest.`,
  ].join('\n');
  return { text, targets: [{ figure, value: ratio.toFixed(2), goal: `≥ ${TARGET.toFixed(1)}`, met: ratio >= TARGET }] };
}
