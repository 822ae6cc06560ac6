import { SimMarketData } from '../packages/broker-sim/src/index.js';
import { execute } from '../packages/core/src/operations/execute.js';
import { DEFAULT_CORE_CONFIG } from '../packages/core/src/services.js';
import { backtest } from '../packages/core/src/strategies/backtest/backtest.js';
import { expandGrid } from '../packages/core/src/strategies/backtest/expand-grid.js';
import { optimize } from '../packages/core/src/strategies/backtest/optimizer.js';
import { defaultGrid } from '../packages/core/src/strategies/default-grid.js';
import { loadHistory } from '../packages/core/src/strategies/market-history.js';
import { lognormalPop } from '../packages/core/src/strategies/pop-lognormal.js';
import type { BacktestSettings, RuleGrid } from '../packages/core/src/strategies/types.js';
import { createTestServices, FakeClock } from '../packages/testkit/src/index.js';
import { ms } from './measure.js';
import type { Section } from './targets.js';

const NOW = Date.UTC(2026, 10, 20, 15, 0);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timeAsync(run: () => Promise<unknown>, runs: number, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** A free user's default `create_strategy` end to end through `execute`: market data, optimization, storage. */
async function defaultRun(): Promise<{ medianMs: number; evaluated: number }> {
  const clock = new FakeClock(NOW);
  const services = createTestServices({ clock, market: new SimMarketData(clock, 7), config: { ...DEFAULT_CORE_CONFIG, freeQuotas: {} } });
  const ctx = { services, credential: null, requestId: 'bench', batchKey: null };
  await execute('register', { email: 'bench@example.com', password: 'bench password 1' }, ctx);
  const login = await execute('login', { email: 'bench@example.com', password: 'bench password 1' }, ctx);
  const credential = (login._unsafeUnwrap().value as { access_token: string }).access_token;
  let evaluated = 0;
  const medianMs = await timeAsync(async () => {
    const answer = await execute('create_strategy', { ticker: 'SPY' }, { ...ctx, credential });
    evaluated = (answer._unsafeUnwrap().value as { evaluated: number }).evaluated;
  }, 11, 3);
  return { medianMs, evaluated };
}

const settingsFor = (firstEntryIndex: number, dteMin: number, dteMax: number): BacktestSettings => ({
  firstEntryIndex,
  entryIntervalSessions: 5,
  dteMin,
  dteMax,
  ivRankGate: { mode: 'off', threshold: 50 },
  maxCapital: 10_000,
  riskPerTrade: 0.25,
  popModel: 'lognormal',
  seed: 1,
  execution: { fill: { kind: 'natural' }, commissionPerContract: 0 },
});

/** The optimizer against backtesting each rule set on its own (every trade path recomputed), same grid, same history. */
async function optimizerAgainstNaive(lookbackYears: number, grid: (spot: number) => RuleGrid, dteMin: number, dteMax: number, naiveSample: number) {
  const clock = new FakeClock(NOW);
  const loaded = (await loadHistory(new SimMarketData(clock, 7), 'SPY', NOW, lookbackYears))._unsafeUnwrap();
  const rules = grid(loaded.spot);
  const settings = settingsFor(loaded.firstEntryIndex, dteMin, dteMax);
  const request = { history: loaded.history, grid: rules, settings, objective: 'return_on_risk' as const, topK: 50, pop: lognormalPop };
  const ruleSets = expandGrid(rules);
  const optimized = await timeAsync(() => optimize(request), 3);
  const sample = ruleSets.filter((_, i) => i % Math.max(1, Math.floor(ruleSets.length / naiveSample)) === 0).slice(0, naiveSample);
  const started = performance.now();
  for (const ruleSet of sample) backtest(loaded.history, ruleSet, settings, lognormalPop);
  const naivePerRuleSet = (performance.now() - started) / sample.length;
  return { ruleSets: ruleSets.length, sessions: loaded.history.sessions.length - loaded.firstEntryIndex, optimized, naive: naivePerRuleSet * ruleSets.length, sample: sample.length };
}

const LARGE_GRID = (): RuleGrid => ({
  shortDeltas: [0.08, 0.1, 0.12, 0.14, 0.16, 0.2, 0.25, 0.3],
  wingWidths: [5, 10, 15, 20, 25],
  entryDtes: [30, 35, 40, 45, 50, 60],
  profitTakePcts: [0.25, 0.5, 0.75, null],
  managementDtes: [14, 21, null],
  stopLossMultiples: [1, 2, null],
});

export async function strategyReport(): Promise<Section> {
  const run = await defaultRun();
  const small = await optimizerAgainstNaive(3, (spot) => defaultGrid(spot, 30, 60), 30, 60, 540);
  const large = await optimizerAgainstNaive(5, LARGE_GRID, 30, 60, 200);
  const row = (name: string, r: typeof small) =>
    `| ${name} | ${String(r.ruleSets)} | ${String(r.sessions)} | ${ms(r.optimized)} | ${ms(r.naive)}${r.sample < r.ruleSets ? ` (from ${String(r.sample)} rule sets)` : ''} | ${(r.naive / r.optimized).toFixed(1)}× |`;
  const text = [
    '## create_strategy',
    '',
    `A free user's default run (SPY, 3 years of the simulated market, ${String(run.evaluated)} rule sets, weekly entries) through \`execute\` — market data, smile fit, optimization with the ticket's fees on every trade, the in-sample ranking, walk-forward folds, CSCV and the deflated Sharpe ratio, storage in memory: median **${ms(run.medianMs)}** of 11 runs after 3 warm-up runs. Target: at most 150 ms (issue 39).`,
    '',
    'The optimizer shares each entry shape (short delta × width × entry DTE × entry date: strikes, fills and the daily debit path) across every exit rule and the capital simulation, quotes each leg at each close once per run (whichever entries and short deltas use it), ranks rule sets from running totals and keeps the trades of those that make the top k only; the baseline backtests each rule set on its own, recomputing its trade paths. Where the baseline would take minutes it is timed on an evenly spread sample and scaled to the grid.',
    '',
    '| grid | rule sets | sessions | optimize median | baseline (each rule set alone) | speed-up |',
    '|---|---|---|---|---|---|',
    row('default free grid, 3 years', small),
    row('premium grid 8 Δ × 5 widths × 6 DTEs × 4 × 3 × 3, 5 years', large),
    '',
  ].join('\n');
  return { text, targets: [{ figure: '`create_strategy` default run, median', value: ms(run.medianMs), goal: '≤ 150 ms', met: run.medianMs <= 150 }] };
}
