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
import { cpuSeconds, postmasterPid, startCondor, treeCpuSeconds, type BenchProcess } from './server/processes.js';
import { meets, TARGETS, type Measured, type Section, type TargetName } from './targets.js';
import { proposalsAhead, templates, traders, type Trader } from './server/world.js';

const CONNECTIONS = 32;
const ROUNDS = 3;
const SECONDS = 4;
/** Users per confirm run (each run has its own, so no run finds the other's positions on its contracts). */
const TRADERS = 64;
const PROPOSALS_PER_TRADER = 20;

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `BENCH_INSTANCES_ONLY=confirm` (or `read`) runs only that part, for profiling it. */
const only = process.env.BENCH_INSTANCES_ONLY;

interface Pair {
  readonly one: Load;
  readonly two: Load;
}

/** Cores busy during a load: CPU time over wall time of the condor processes, PostgreSQL (postmaster and backends) and this process (autocannon). */
interface Cores {
  readonly servers: number;
  readonly database: number;
  readonly client: number;
}

/** A part measured with one instance and with two, and the cores each used. */
interface Part {
  readonly load: Pair;
  readonly cores: { readonly one: Cores; readonly two: Cores };
}

interface Result {
  readonly read: Part | null;
  readonly confirm: Part | null;
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
    const database = postmasterPid(join(cluster, 'data'));
    const cpu = (): Cores => ({ servers: servers.reduce((sum, s) => sum + cpuSeconds(s.pid), 0), database: treeCpuSeconds(database), client: 0 });
    const users = await traders(a.baseUrl, 2 * TRADERS + 1);
    const reader = users[0]?.token ?? '';
    const read = (server: BenchProcess, seconds = SECONDS): LoadSpec => ({
      url: `${server.baseUrl}/v1/subscription`,
      headers: { authorization: `Bearer ${reader}` },
      connections: CONNECTIONS / 2,
      seconds,
    });
    let readPart: Part | null = null;
    if (only !== 'confirm') {
      await together([read(a, 1), read(b, 1)]); // warm-up
      const rounds = { one: [] as Load[], two: [] as Load[] };
      const busy = { one: [] as Cores[], two: [] as Cores[] };
      for (let round = 0; round < ROUNDS; round++) {
        rounds.one.push(await measured(cpu, busy.one, () => together([read(a), read(a)])));
        rounds.two.push(await measured(cpu, busy.two, () => together([read(a), read(b)])));
      }
      readPart = { load: { one: medianLoad(rounds.one), two: medianLoad(rounds.two) }, cores: { one: meanCores(busy.one), two: meanCores(busy.two) } };
      process.stderr.write(`instances bench: read done\n`);
    }
    if (only === 'read') return render({ read: readPart, confirm: null });
    const made = await templates(a.baseUrl, reader, PROPOSALS_PER_TRADER);
    const { db } = openDatabase(url);
    try {
      const confirms = async (owners: readonly Trader[], targets: readonly BenchProcess[], into: Cores[]): Promise<Load> => {
        const ahead = await proposalsAhead(db, owners, made);
        const halves = [ahead.filter((_, i) => i % 2 === 0), ahead.filter((_, i) => i % 2 === 1)];
        return measured(cpu, into, () => together(halves.map((half, i) => confirmSpec((targets[i % targets.length] ?? a).baseUrl, half, CONNECTIONS / 2))));
      };
      const busy = { one: [] as Cores[], two: [] as Cores[] };
      const one = await confirms(users.slice(1, 1 + TRADERS), [a], busy.one);
      const two = await confirms(users.slice(1 + TRADERS), [a, b], busy.two);
      process.stderr.write(`instances bench: confirm done (${Math.round(one.perSecond).toString()}/s, ${Math.round(two.perSecond).toString()}/s)\n`);
      return render({ read: readPart, confirm: { load: { one, two }, cores: { one: meanCores(busy.one), two: meanCores(busy.two) } } });
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

async function measured(cpu: () => Cores, into: Cores[], run: () => Promise<Load>): Promise<Load> {
  const [before, client, started] = [cpu(), process.cpuUsage(), performance.now()];
  const result = await run();
  const wall = (performance.now() - started) / 1000;
  const [after, used] = [cpu(), process.cpuUsage(client)];
  into.push({ servers: (after.servers - before.servers) / wall, database: (after.database - before.database) / wall, client: (used.user + used.system) / 1e6 / wall });
  return result;
}

const meanCores = (all: readonly Cores[]): Cores => ({
  servers: all.reduce((sum, c) => sum + c.servers, 0) / all.length,
  database: all.reduce((sum, c) => sum + c.database, 0) / all.length,
  client: all.reduce((sum, c) => sum + c.client, 0) / all.length,
});

/** The round with the median rate. */
function medianLoad(loads: readonly Load[]): Load {
  const middle = median(loads.map((l) => l.perSecond));
  return loads.find((l) => l.perSecond === middle) ?? [...loads].sort((x, y) => x.perSecond - y.perSecond)[Math.floor(loads.length / 2)] ?? (loads[0] as Load);
}

const rate = (value: number): string => `${Math.round(value).toLocaleString('en-US')}/s`;
const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const ratioOf = ({ one, two }: Pair): number => two.perSecond / one.perSecond;

function row(name: string, { one, two }: Pair, target: TargetName): string {
  const ratio = ratioOf({ one, two });
  const failed = one.failed + two.failed;
  return `| ${name} | ${rate(one.perSecond)} | ${ms(one.p99Ms)} | ${rate(two.perSecond)} | ${ms(two.p99Ms)} | **${ratio.toFixed(2)}** | ${TARGETS[target].goalText} ${meets(target, ratio) ? 'met' : '**not met**'} |${failed > 0 ? ` ${String(failed)} failed` : ''}`;
}

function coresLine(name: string, { load, cores }: Part, per: string | null): string {
  const each = (c: Cores, l: Load): string =>
    `${c.servers.toFixed(2)} for condor, ${c.database.toFixed(2)} for PostgreSQL and ${c.client.toFixed(2)} for autocannon` +
    (per === null ? '' : ` (per ${per}: condor ${((c.servers * 1e6) / l.perSecond).toFixed(0)} µs, PostgreSQL ${((c.database * 1e6) / l.perSecond).toFixed(0)} µs)`);
  return `Cores busy during the ${name} (CPU time over wall time${per === null ? ', mean of the rounds' : ''}): one instance ${each(cores.one, load.one)}; two instances ${each(cores.two, load.two)}.`;
}

function render(result: Result | Error): Section {
  const lines = [
    '## Two instances on one PostgreSQL',
    '',
    `condor as above, but on PostgreSQL: one throwaway cluster (\`scripts/postgres-cluster.sh\`, \`fsync=off\` as the test suites run it) on this machine, and one or two server processes on it. The same ${String(CONNECTIONS)} connections in both cases, as two autocannon runs of ${String(CONNECTIONS / 2)} (both to the one instance, or one to each); the read is ${String(ROUNDS)} alternating rounds of ${String(SECONDS)} s (median round), the confirm ${String(TRADERS * PROPOSALS_PER_TRADER)} proposals made ahead as in the SQLite run (${String(TRADERS)} users of ${String(PROPOSALS_PER_TRADER)}), new users for each run, REST's \`POST /v1/proposals/{id}/confirmation\`.`,
    '',
  ];
  if (result instanceof Error) {
    const failed = (target: TargetName): Measured => ({ target, value: Number.NaN, shown: 'could not run' });
    return { text: [...lines, `Could not run: ${result.message.slice(0, 300)}`].join('\n'), targets: [failed('postgresReads'), failed('postgresConfirms')] };
  }
  const { read, confirm } = result;
  const text = [
    ...lines,
    '| request | one instance | p99 | two instances | p99 | two ÷ one | target |',
    '|---|---|---|---|---|---|---|',
    ...(read === null ? [] : [row('authenticated `GET /v1/subscription`', read.load, 'postgresReads')]),
    ...(confirm === null ? [] : [row('`confirm_proposal`', confirm.load, 'postgresConfirms')]),
    '',
    ...(read === null ? [] : [coresLine('read', read, null), '']),
    ...(confirm === null ? [] : [coresLine('confirm', confirm, 'confirm'), '']),
    `The machine has ${String(cpus().length)} cores, which the condor processes, autocannon and PostgreSQL share (and, during this run, other engineers' work): two instances can only use what one instance leaves to the rest.`,
  ].join('\n');
  const measuredOf = (target: TargetName, part: Part | null): Measured[] => (part === null ? [] : [{ target, value: ratioOf(part.load), shown: ratioOf(part.load).toFixed(2) }]);
  return { text, targets: [...measuredOf('postgresReads', read), ...measuredOf('postgresConfirms', confirm)] };
}
