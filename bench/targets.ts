/** The figures the issues set targets for: each a row of the table that opens docs/benchmarks.md. */
export type TargetName =
  | 'mcpCall'
  | 'mcpP99'
  | 'mcpConfirm'
  | 'restRead'
  | 'healthz'
  | 'sqliteConfirm'
  | 'peakRss'
  | 'postgresReads'
  | 'postgresConfirms'
  | 'createStrategy'
  | 'searchPop'
  | 'searchSlowest';

/** A goal: the figure at least or at most `bound`. */
type Goal = { readonly atLeast: number } | { readonly atMost: number };

interface TargetSpec {
  /** The figure as the table names it. */
  readonly figure: string;
  readonly goal: Goal;
  /** How the goal is written: `≥ 0.25`, `≤ 10 ms`. */
  readonly goalText: string;
  /** The issue that set the goal. */
  readonly issue: number;
  /** The figure before this round, as the issue gives it: last round's run / a run on another machine of this kind. */
  readonly before: string;
}

/** Issue 37 item 6's targets, create_strategy's of issue 39 item 5, and issue 30's search target, which still holds. */
export const TARGETS = {
  mcpCall: { figure: 'MCP `tools/call` `get_subscription` (Streamable HTTP), × bare Hono', goal: { atLeast: 0.25 }, goalText: '≥ 0.25', issue: 37, before: '0.15 / 0.13' },
  mcpP99: { figure: 'MCP `tools/call` p99 at 32 connections', goal: { atMost: 10 }, goalText: '≤ 10 ms', issue: 37, before: '8 / 21 ms' },
  mcpConfirm: { figure: 'MCP `confirm_proposal` (Streamable HTTP) on SQLite', goal: { atLeast: 1000 }, goalText: '≥ 1,000/s', issue: 37, before: 'not measured' },
  restRead: { figure: 'authenticated `GET /v1/subscription`, × bare Hono', goal: { atLeast: 0.45 }, goalText: '≥ 0.45', issue: 37, before: '0.39 / 0.23' },
  healthz: { figure: '`GET /healthz`, × bare Hono', goal: { atLeast: 0.8 }, goalText: '≥ 0.80', issue: 37, before: '0.80 / 0.74' },
  sqliteConfirm: { figure: 'REST `confirm_proposal` on SQLite', goal: { atLeast: 2000 }, goalText: '≥ 2,000/s', issue: 37, before: '1,023/s / 530/s (1,119 / 2,176 µs server CPU each)' },
  peakRss: { figure: 'peak RSS of the server under the bench’s load', goal: { atMost: 250 }, goalText: '≤ 250 MB', issue: 37, before: '277 / 293 MB' },
  postgresReads: { figure: 'authenticated read, two instances on PostgreSQL ÷ one', goal: { atLeast: 1.6 }, goalText: '≥ 1.6', issue: 37, before: '1.34 / 1.78' },
  postgresConfirms: { figure: '`confirm_proposal`, two instances on PostgreSQL ÷ one', goal: { atLeast: 1.3 }, goalText: '≥ 1.3', issue: 37, before: '0.60 / 0.86' },
  createStrategy: { figure: '`create_strategy` default run, median', goal: { atMost: 150 }, goalText: '≤ 150 ms', issue: 39, before: '59.0 ms' },
  searchPop: { figure: '`find_iron_condors` search median, sort by pop', goal: { atMost: 5 }, goalText: '≤ 5 ms', issue: 30, before: '2.56 ms' },
  searchSlowest: { figure: '`find_iron_condors` search median, slowest sort', goal: { atMost: 5 }, goalText: '≤ 5 ms', issue: 30, before: '2.56 ms (pop)' },
} as const satisfies Record<TargetName, TargetSpec>;

/** A target figure a section measured: its number (NaN when it could not run) and how the table writes it. */
export interface Measured {
  readonly target: TargetName;
  readonly value: number;
  readonly shown: string;
}

/** A figure a section judged itself (the form bench/strategy.bench.ts still reports in). */
export interface Target {
  readonly figure: string;
  readonly value: string;
  readonly goal: string;
  readonly met: boolean;
}

/** A section of docs/benchmarks.md and the target figures it measured. */
export interface Section {
  readonly text: string;
  readonly targets: readonly (Measured | Target)[];
}

/** Whether a measured value reaches its target's goal (NaN never does). */
export function meets(target: TargetName, value: number): boolean {
  const goal: Goal = TARGETS[target].goal;
  return 'atLeast' in goal ? value >= goal.atLeast : value <= goal.atMost;
}

/**
 * A self-judged row whose figure is one of TARGETS, judged again against the table's goal: create_strategy's row
 * still carries issue 30's 100 ms. Its value is a duration written by measure.ts's `ms`, read back as a number
 * until strategy.bench.ts (another engineer's this round) reports a `Measured`.
 */
function asMeasured(row: Target): Measured | Target {
  const name = (Object.keys(TARGETS) as TargetName[]).find((key) => TARGETS[key].figure === row.figure);
  const value = Number.parseFloat(row.value);
  return name === undefined || !row.value.endsWith(' ms') || Number.isNaN(value) ? row : { target: name, value, shown: row.value };
}

interface TableRow {
  readonly figure: string;
  readonly issue: string;
  readonly before: string;
  readonly after: string;
  readonly goal: string;
  readonly met: boolean;
}

function tableRow(row: Measured | Target): TableRow {
  const judged = 'target' in row ? row : asMeasured(row);
  if (!('target' in judged)) return { figure: judged.figure, issue: '', before: '', after: judged.value, goal: judged.goal, met: judged.met };
  const spec = TARGETS[judged.target];
  return { figure: spec.figure, issue: String(spec.issue), before: spec.before, after: judged.shown, goal: spec.goalText, met: meets(judged.target, judged.value) };
}

/** The targets of every section as one table, in the order of TARGETS, before and after, to open the report. */
export function targetsTable(sections: readonly Section[], machine: string): string {
  const order = Object.keys(TARGETS);
  const rank = (row: Measured | Target): number => ('target' in row ? order.indexOf(row.target) : order.length);
  const rows = sections.flatMap((s) => s.targets).sort((a, b) => rank(a) - rank(b)).map(tableRow);
  const met = rows.filter((r) => r.met).length;
  return [
    '## Targets (issue 37 item 6; create_strategy from issue 39 item 5)',
    '',
    `${String(met)} of ${String(rows.length)} met in this run. Before: the figures issue 37 gives for today (the last round's run / a run on another machine of this kind, which was slower throughout). After: this run, each measured in a section below; ratios are against bare Hono or one instance in this same run. ${machine}`,
    '',
    '| figure | issue | before | after (this run) | target | |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.figure} | ${r.issue} | ${r.before} | ${r.after} | ${r.goal} | ${r.met ? 'met' : '**not met**'} |`),
  ].join('\n');
}
