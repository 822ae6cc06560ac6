/**
 * The serving path: condor's real server (its own process, compiled, logs off, SQLite file) against a bare Hono
 * app on @hono/node-server (own process, checks the Bearer header, answers a JSON body of the same size), in
 * alternating rounds of autocannon at 32 connections; then confirm_proposal throughput over REST and over MCP, and
 * the server's peak RSS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asError, confirmRun, type Confirms } from './server/confirms.js';
import { confirmSpec, load, mcpConfirmSpec, mcpHeaders, median, type Load, type LoadSpec } from './server/load.js';
import { peakRssMb, resetPeakRss, startBareHono, startCondor, type BenchProcess } from './server/processes.js';
import { meets, TARGETS, type Measured, type Section, type TargetName } from './targets.js';
import { templates, traders } from './server/world.js';

const CONNECTIONS = 32;
const ROUNDS = 3;
const SECONDS = 4;
const PROPOSALS_PER_TRADER = 20;
const REST_CONFIRMERS = 256;
const MCP_CONFIRMERS = 128;

const MCP_CALL = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_subscription', arguments: {} } });

/** The parts of this section; `BENCH_SERVER_ONLY=mcp-confirm` (a comma list) runs only those named, for profiling one. */
type Stage = 'rest' | 'mcp' | 'rest-confirm' | 'mcp-confirm';
const only = process.env.BENCH_SERVER_ONLY?.split(',');
const runs = (stage: Stage): boolean => only === undefined || only.includes(stage);

interface Scenario {
  readonly name: string;
  readonly stage: Stage;
  readonly target: TargetName;
  spec(server: BenchProcess): LoadSpec;
}

interface Row {
  readonly scenario: Scenario;
  readonly condor: Load[];
  readonly bare: Load[];
}

/** The confirm runs: over REST and over MCP, each an error when it could not run. */
interface ConfirmRuns {
  readonly rest: Confirms | Error;
  readonly mcp: Confirms | Error;
}

export async function serverReport(): Promise<Section> {
  const dataDir = mkdtempSync(join(tmpdir(), 'condor-bench-'));
  const condor = await startCondor(dataDir, { CONDOR_APPROVAL: 'confirm', CONDOR_RATE_LIMIT: '1000000', CONDOR_RATE_LIMIT_WINDOW_SECONDS: '10', CONDOR_QUOTA_FIND_IRON_CONDORS: '1000', CONDOR_QUOTA_PROPOSE_ENTRY: '1000' });
  let bare: BenchProcess | null = null;
  try {
    const reader = (await traders(condor.baseUrl, 1))[0]?.token ?? '';
    const auth = { authorization: `Bearer ${reader}` };
    const bodies = {
      healthz: await (await fetch(`${condor.baseUrl}/healthz`)).text(),
      subscription: await (await fetch(`${condor.baseUrl}/v1/subscription`, { headers: auth })).text(),
      mcp: await (await fetch(`${condor.baseUrl}/mcp`, { method: 'POST', headers: mcpHeaders(reader), body: MCP_CALL })).text(),
    };
    process.stderr.write(`server bench: set up, peak RSS so far ${peakRssMb(condor.pid).toFixed(0)} MB (the setup: concurrent scrypt hashes, option chains); counted afresh from here\n`);
    resetPeakRss(condor.pid);
    bare = await startBareHono(bodies);
    const scenarios: Scenario[] = [
      { name: 'authenticated `GET /v1/subscription`', stage: 'rest', target: 'restRead', spec: (s) => ({ url: `${s.baseUrl}/v1/subscription`, headers: auth, connections: CONNECTIONS, seconds: SECONDS }) },
      { name: '`GET /healthz`', stage: 'rest', target: 'healthz', spec: (s) => ({ url: `${s.baseUrl}/healthz`, connections: CONNECTIONS, seconds: SECONDS }) },
      {
        name: 'MCP `tools/call` `get_subscription` (Streamable HTTP)',
        stage: 'mcp',
        target: 'mcpCall',
        spec: (s) => ({ url: `${s.baseUrl}/mcp`, method: 'POST', headers: mcpHeaders(reader), body: MCP_CALL, connections: CONNECTIONS, seconds: SECONDS }),
      },
    ];
    const rows: Row[] = [];
    for (const scenario of scenarios.filter((s) => runs(s.stage))) {
      const row: Row = { scenario, condor: [], bare: [] };
      await load({ ...scenario.spec(condor), seconds: 1 }); // warm-up
      await load({ ...scenario.spec(bare), seconds: 1 });
      for (let round = 0; round < ROUNDS; round++) {
        row.condor.push(await load(scenario.spec(condor)));
        row.bare.push(await load(scenario.spec(bare)));
      }
      rows.push(row);
      process.stderr.write(`server bench: ${scenario.name} done, peak RSS so far ${peakRssMb(condor.pid).toFixed(0)} MB\n`);
    }
    const peaks = [peakRssMb(condor.pid)];
    const confirming = runs('rest-confirm') || runs('mcp-confirm');
    const templateIds = confirming ? await templates(condor.baseUrl, reader, PROPOSALS_PER_TRADER) : [];
    const confirmsOver = async (stage: Stage, name: string, count: number, spec: typeof confirmSpec): Promise<Confirms | Error> => {
      if (!runs(stage)) return new Error(`skipped (BENCH_SERVER_ONLY=${only?.join(',') ?? ''})`);
      const result = await confirmRun(condor, dataDir, { name, traders: count, templateIds }, spec, CONNECTIONS).catch(asError);
      peaks.push(peakRssMb(condor.pid));
      return result;
    };
    const confirms: ConfirmRuns = {
      rest: await confirmsOver('rest-confirm', 'rest-confirmer', REST_CONFIRMERS, confirmSpec),
      mcp: await confirmsOver('mcp-confirm', 'mcp-confirmer', MCP_CONFIRMERS, mcpConfirmSpec),
    };
    const rss = Math.max(...peaks);
    return { text: renderText(rows, confirms, rss), targets: targets(rows, confirms, rss) };
  } finally {
    await bare?.stop();
    await condor.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rate = (value: number): string => `${Math.round(value).toLocaleString('en-US')}/s`;
const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const verdict = (target: TargetName, value: number): string => `${TARGETS[target].goalText} ${meets(target, value) ? 'met' : '**not met**'}`;
const ratioOf = ({ condor, bare }: Row): number => median(condor.map((l) => l.perSecond)) / median(bare.map((l) => l.perSecond));
const p99Of = ({ condor }: Row): number => median(condor.map((l) => l.p99Ms));

function confirmLine(over: string, target: TargetName, confirms: Confirms | Error): string {
  if (confirms instanceof Error) return `\`confirm_proposal\` over ${over} on SQLite: could not run (${confirms.message.slice(0, 300)}).`;
  return `\`confirm_proposal\` over ${over} on SQLite: **${rate(confirms.perSecond)}** (${confirms.ok.toLocaleString('en-US')} orders placed of ${confirms.total.toLocaleString('en-US')} proposals, ${String(confirms.failed)} refused; p99 ${ms(confirms.p99Ms)}; CPU per confirm: the server ${confirms.cpuUsPerConfirm.toFixed(0)} µs, autocannon ${confirms.clientUsPerConfirm.toFixed(0)} µs) — target ${verdict(target, confirms.perSecond)}.`;
}

function renderText(rows: readonly Row[], confirms: ConfirmRuns, rssMb: number): string {
  const lines = rows.map((row) => {
    const { scenario, condor, bare } = row;
    const failed = condor.reduce((sum, l) => sum + l.failed, 0);
    return `| ${scenario.name} | ${rate(median(condor.map((l) => l.perSecond)))} | ${ms(p99Of(row))} | ${rate(median(bare.map((l) => l.perSecond)))} | ${ms(median(bare.map((l) => l.p99Ms)))} | **${ratioOf(row).toFixed(2)}** | ${verdict(scenario.target, ratioOf(row))} |${failed > 0 ? ` ${String(failed)} failed` : ''}`;
  });
  const mcp = rows.find((r) => r.scenario.target === 'mcpCall');
  return [
    '## Serving path',
    '',
    `condor's real server (its own process, compiled JavaScript as \`pnpm start\` runs it, \`LOG_LEVEL=silent\`, SQLite file, per-address limit raised out of the way but still counted) against a bare Hono app on @hono/node-server in its own process that only checks the Bearer header and answers a JSON body of the same size. autocannon, ${String(CONNECTIONS)} connections, ${String(ROUNDS)} alternating rounds of ${String(SECONDS)} s after a 1 s warm-up each; medians of the rounds; only 2xx answers count.`,
    '',
    '| request | condor | condor p99 | bare Hono | bare p99 | ratio | target |',
    '|---|---|---|---|---|---|---|',
    ...lines,
    '',
    mcp === undefined ? '' : `MCP \`tools/call\` p99 at ${String(CONNECTIONS)} connections: ${ms(p99Of(mcp))} — target ${verdict('mcpP99', p99Of(mcp))}.`,
    '',
    '### confirm_proposal',
    '',
    `Each confirm places a fresh proposal: users with the simulated paper broker linked, each with copies of ${String(PROPOSALS_PER_TRADER)} real \`propose_entry\` proposals no two of which share a contract (a confirm refuses an entry opening a contract its owner holds), written ahead into the database and stamped 5.5 s in the past so the 5 s floor has passed; the server runs with \`CONDOR_APPROVAL=confirm\`, so no person is asked. ${String(CONNECTIONS)} connections, each proposal confirmed once, by its owner. Over REST, \`POST /v1/proposals/{id}/confirmation\` (${String(REST_CONFIRMERS)} users); over MCP, a stateless Streamable HTTP \`tools/call\` of \`confirm_proposal\` as a 2025-11-25 client without elicitation sends it (${String(MCP_CONFIRMERS)} other users), where an answer counts only when it is a result without \`isError\`.`,
    '',
    confirmLine('REST', 'sqliteConfirm', confirms.rest),
    '',
    confirmLine('MCP', 'mcpConfirm', confirms.mcp),
    '',
    `Peak RSS of the server under the loads above, each counted from the end of its setup (registering users, making proposals; \`VmHWM\` after \`clear_refs\`): ${rssMb.toFixed(0)} MB — target ${verdict('peakRss', rssMb)}.`,
  ].join('\n');
}

/** The target figures this section measured. */
function targets(rows: readonly Row[], confirms: ConfirmRuns, rssMb: number): Measured[] {
  const ratios = rows.map((row): Measured => ({ target: row.scenario.target, value: ratioOf(row), shown: ratioOf(row).toFixed(2) }));
  const mcp = rows.find((r) => r.scenario.target === 'mcpCall');
  const p99: Measured[] = mcp === undefined ? [] : [{ target: 'mcpP99', value: p99Of(mcp), shown: ms(p99Of(mcp)) }];
  const confirm = (target: TargetName, run: Confirms | Error): Measured =>
    run instanceof Error
      ? { target, value: Number.NaN, shown: 'could not run' }
      : { target, value: run.perSecond, shown: `${rate(run.perSecond)} (${run.cpuUsPerConfirm.toFixed(0)} µs server CPU each)` };
  return [...ratios, ...p99, confirm('mcpConfirm', confirms.mcp), confirm('sqliteConfirm', confirms.rest), { target: 'peakRss', value: rssMb, shown: `${rssMb.toFixed(0)} MB` }];
}
