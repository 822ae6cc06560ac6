import { SIMULATED_NOTICE, SimMarketData } from '@condor/broker-sim';
import { execute, type ProgressReporter } from '@condor/core';
import { createTestServices, FakeClock, type TestServices } from '@condor/testkit';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The research tools of issue 5 through `execute`, on the simulated market with in-memory stores:
 * create_strategy, the optimization history, saved strategies and find_iron_condors(saved_strategy_id).
 */

const PASSWORD = 'research password 1';
const NOW = Date.UTC(2026, 10, 20, 15, 0); // Friday 2026-11-20, 10:00 New York

type Call = (tool: string, input?: unknown, progress?: ProgressReporter) => Promise<{ ok: boolean; value: Record<string, unknown> }>;

interface Strategy {
  kind: string;
  rank: number;
  ticker: string;
  objective_value: number;
  rules: { short_delta: number; wing_width: number; entry_dte: number; dte_min: number; dte_max: number };
  metrics: { trades: number; pop_at_entry: number; return_on_risk: number; total_pnl: number };
  in_sample: { metrics: Strategy['metrics'] };
}

function world(): { services: TestServices; user: (email: string, premium?: boolean) => Promise<Call> } {
  const clock = new FakeClock(NOW);
  const services = createTestServices({ clock, market: new SimMarketData(clock, 7), marketNotice: SIMULATED_NOTICE });
  const user = async (email: string, premium = false): Promise<Call> => {
    const anonymous = { services, credential: null, requestId: 'r', batchKey: null };
    await execute('register', { email, password: PASSWORD }, anonymous);
    const login = await execute('login', { email, password: PASSWORD }, anonymous);
    const credential = (login._unsafeUnwrap().value as { access_token: string }).access_token;
    const call: Call = async (tool, input = {}, progress) => {
      const result = await execute(tool, input, { services, credential, requestId: 'r', batchKey: null, progress: progress ?? null });
      return result.match(
        ({ value }) => ({ ok: true, value: value as Record<string, unknown> }),
        ({ body }) => ({ ok: false, value: body as unknown as Record<string, unknown> }),
      );
    };
    if (premium) await call('subscribe', { plan: 'premium' });
    return call;
  };
  return { services, user };
}

const strategiesOf = (value: Record<string, unknown>): Strategy[] => value['top_strategies'] as Strategy[];

describe('create_strategy', () => {
  let ann: Call;
  let first: Record<string, unknown>;
  let pauses = 0;
  const reports: [number, number][] = [];

  beforeAll(async () => {
    const { services, user } = world();
    ann = await user('ann@example.com');
    const progress: ProgressReporter = (done, total) => {
      reports.push([done, total]);
      return Promise.resolve();
    };
    const answer = await ann('create_strategy', { ticker: 'SPY', top_k: 5 }, progress);
    expect(answer.ok).toBe(true);
    first = answer.value;
    pauses = services.scheduler.pauses;
  });

  it('ranks up to top_k rule sets, rank 1 best by the objective, each recognisably a strategy and not a candidate', () => {
    const top = strategiesOf(first);
    expect(top).toHaveLength(5);
    expect(top.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5]);
    const values = top.map((s) => s.objective_value);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    for (const strategy of top) {
      expect(strategy.kind).toBe('strategy');
      expect(strategy.ticker).toBe('SPY');
      expect(strategy).not.toHaveProperty('legs');
      // Ranked on the earlier part of the history (issue 39): the objective is the in-sample figure.
      expect(strategy.objective_value).toBeCloseTo(strategy.in_sample.metrics.return_on_risk, 3);
      expect(strategy.in_sample.metrics.trades).toBeGreaterThan(0);
      expect(strategy.rules.entry_dte).toBeGreaterThanOrEqual(30);
      expect(strategy.rules.entry_dte).toBeLessThanOrEqual(60);
    }
    expect(first['objective']).toBe('return_on_risk');
    expect(first['pop_model']).toBe('lognormal');
    expect(first['market_notice']).toMatch(/simulated/i);
    expect(first['evaluated']).toBeGreaterThan(100);
  });

  it('reports progress up to the whole grid when asked, pausing for other work between chunks', () => {
    expect(reports.length).toBeGreaterThan(1);
    expect(pauses).toBeGreaterThanOrEqual(reports.length);
    expect(reports.at(-1)).toEqual([first['evaluated'], first['evaluated']]);
    const done = reports.map(([d]) => d);
    expect([...done].sort((a, b) => a - b)).toEqual(done);
  });

  it('gives the same top_strategies byte for byte for the same inputs, market and clock', async () => {
    const again = await ann('create_strategy', { ticker: 'SPY', top_k: 5 });
    const elsewhere = await (await world().user('bob@example.com'))('create_strategy', { top_k: 5, ticker: 'spy' });
    expect(JSON.stringify(again.value['top_strategies'])).toBe(JSON.stringify(first['top_strategies']));
    expect(JSON.stringify(elsewhere.value['top_strategies'])).toBe(JSON.stringify(first['top_strategies']));
    // What the run says about trusting them, and what it charged, too (issue 39).
    for (const field of ['validation', 'costs']) expect(JSON.stringify(elsewhere.value[field])).toBe(JSON.stringify(first[field]));
    expect(again.value['run_id']).not.toBe(first['run_id']);
  });

  it('answers INVALID_TICKER for a symbol the market cannot trade, and stores nothing', async () => {
    const cy = await world().user('cy@example.com');
    const answer = await cy('create_strategy', { ticker: 'ZZZZ' });
    expect(answer.value['error']).toBe('INVALID_TICKER');
    expect((await cy('get_optimization_history')).value['error']).toBe('NO_HISTORY');
  });

  it('lets premium callers choose pop_model; monte_carlo is reproducible and leaves the ranking to the objective', async () => {
    const premium = await world().user('dee@example.com', true);
    const input = { ticker: 'SPY', top_k: 3, pop_model: 'monte_carlo', seed: 11 };
    const [carlo, carloAgain] = [await premium('create_strategy', input), await premium('create_strategy', input)];
    expect(carlo.ok).toBe(true);
    expect(JSON.stringify(carloAgain.value['top_strategies'])).toBe(JSON.stringify(carlo.value['top_strategies']));
    const lognormal = strategiesOf(first).slice(0, 3);
    const monteCarlo = strategiesOf(carlo.value);
    expect(monteCarlo.map((s) => s.rules)).toEqual(lognormal.map((s) => s.rules));
    expect(monteCarlo.map((s) => s.metrics.pop_at_entry)).not.toEqual(lognormal.map((s) => s.metrics.pop_at_entry));
    for (const s of monteCarlo) expect(s.metrics.pop_at_entry).toBeGreaterThan(0);
  });

  it('runs a premium grid of the caller’s own lists', async () => {
    const premium = await world().user('eve@example.com', true);
    const answer = await premium('create_strategy', {
      ticker: 'QQQ',
      short_deltas: [0.12, 0.2],
      wing_widths: [5],
      entry_dtes: [35, 45],
      profit_take_pcts: [0.5, null],
      management_dtes: [null],
      stop_loss_multiples: [null],
      objective: 'total_pnl',
      top_k: 50,
    });
    expect(answer.ok).toBe(true);
    expect(answer.value['evaluated']).toBe(8);
    const top = strategiesOf(answer.value);
    expect(top.length).toBeLessThanOrEqual(8);
    for (const s of top) expect([5]).toContain(s.rules.wing_width);
    const totals = top.map((s) => s.in_sample.metrics.total_pnl);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
  });

  it('refuses a grid beyond 20,000 rule sets before any work', async () => {
    const premium = await world().user('fay@example.com', true);
    const ten = (from: number) => Array.from({ length: 10 }, (_, i) => from + i);
    const answer = await premium('create_strategy', {
      ticker: 'SPY',
      short_deltas: ten(5).map((d) => d / 100),
      wing_widths: ten(1),
      entry_dtes: ten(30),
      profit_take_pcts: [0.5, 0.6, 0.7],
      management_dtes: [null, 21],
      stop_loss_multiples: [null, 2, 3, 4],
    });
    expect(answer.value['error']).toBe('VALIDATION_ERROR');
    expect(answer.value['message']).toMatch(/24000 rule sets; at most 20000/);
    expect((await premium('get_optimization_history')).value['error']).toBe('NO_HISTORY');
  });
});

describe('optimization history, saved strategies and find_iron_condors(saved_strategy_id)', () => {
  it('pages the caller’s runs newest first and shows nobody else’s', async () => {
    const { services, user } = world();
    const ann = await user('ann@example.com');
    const bob = await user('bob@example.com');
    expect((await ann('get_optimization_history')).value['error']).toBe('NO_HISTORY');
    const runIds: string[] = [];
    for (const ticker of ['SPY', 'IWM', 'QQQ']) {
      runIds.push((await ann('create_strategy', { ticker, top_k: 1, dte_min: 30, dte_max: 45 })).value['run_id'] as string);
      services.clock.advance(1_000);
    }
    const page1 = await ann('get_optimization_history', { page_size: 2 });
    const runs1 = page1.value['runs'] as { run_id: string; ticker: string; inputs: { ticker: string } }[];
    expect(runs1.map((r) => r.run_id)).toEqual([runIds[2], runIds[1]]);
    expect(runs1[0]?.inputs.ticker).toBe('QQQ');
    const page2 = await ann('get_optimization_history', { page_size: 2, page_token: page1.value['next_page_token'] });
    expect((page2.value['runs'] as { run_id: string }[]).map((r) => r.run_id)).toEqual([runIds[0]]);
    expect(page2.value['next_page_token']).toBeNull();
    expect((await ann('get_optimization_history', { page_token: 'garbage!' })).value['error']).toBe('VALIDATION_ERROR');
    expect((await bob('get_optimization_history')).value['error']).toBe('NO_HISTORY');

    const one = await ann('get_optimization_history', { run_id: runIds[1] });
    expect(one.value).toEqual({ runs: [runs1[1]], next_page_token: null });
    const notBobs = await bob('get_optimization_history', { run_id: runIds[1] });
    expect(notBobs.value).toMatchObject({ error: 'NO_HISTORY', received: { run_id: runIds[1] } });
    expect((await ann('get_optimization_history', { run_id: 'run-1' })).value['error']).toBe('INVALID_UUID');
  });

  it('saves by rank from the latest run or a named one, once, and treats other users’ runs and strategies as not found', async () => {
    const { user } = world();
    const ann = await user('ann@example.com');
    const bob = await user('bob@example.com');
    expect((await ann('save_strategy', { strategy_rank: 1 })).value['error']).toBe('NO_HISTORY');
    const run = await ann('create_strategy', { ticker: 'SPY', top_k: 3 });
    const runId = run.value['run_id'] as string;
    const top = strategiesOf(run.value);

    const saved = await ann('save_strategy', { strategy_rank: 2 });
    expect(saved.value['saved']).toBe(true);
    const strategy = saved.value['strategy'] as { saved_strategy_id: string; rules: unknown; active: boolean; run_id: string; strategy_rank: number };
    expect(strategy).toMatchObject({ run_id: runId, strategy_rank: 2, active: false, rules: top[1]?.rules });
    const again = await ann('save_strategy', { strategy_rank: 2, run_id: runId });
    expect(again.value).toEqual({ saved: false, strategy });

    expect((await ann('save_strategy', { strategy_rank: 4 })).value).toMatchObject({ error: 'INVALID_RANK', expected: 'a rank from 1 to 3' });
    expect((await ann('save_strategy', { strategy_rank: 0 })).value['error']).toBe('INVALID_RANK');
    expect((await bob('save_strategy', { strategy_rank: 1, run_id: runId })).value['error']).toBe('NO_HISTORY');

    const id = strategy.saved_strategy_id;
    for (const tool of ['delete_saved_strategy', 'activate_saved_strategy']) {
      expect((await bob(tool, { saved_strategy_id: id })).value['error']).toBe('STRATEGY_NOT_FOUND');
    }
    expect((await bob('find_iron_condors', { saved_strategy_id: id })).value['error']).toBe('SAVED_STRATEGY_NOT_FOUND');
    expect((await bob('get_saved_strategies')).value).toEqual({ strategies: [] });
    expect(((await ann('get_saved_strategies')).value['strategies'] as unknown[]).length).toBe(1);
  });

  it('keeps one active strategy per ticker', async () => {
    const { user } = world();
    const ann = await user('ann@example.com');
    await ann('create_strategy', { ticker: 'SPY', top_k: 2 });
    const a = ((await ann('save_strategy', { strategy_rank: 1 })).value['strategy'] as { saved_strategy_id: string }).saved_strategy_id;
    const b = ((await ann('save_strategy', { strategy_rank: 2 })).value['strategy'] as { saved_strategy_id: string }).saved_strategy_id;
    await ann('create_strategy', { ticker: 'IWM', top_k: 1 });
    const c = ((await ann('save_strategy', { strategy_rank: 1 })).value['strategy'] as { saved_strategy_id: string }).saved_strategy_id;
    const activeIds = async () =>
      ((await ann('get_saved_strategies')).value['strategies'] as { saved_strategy_id: string; active: boolean }[])
        .filter((s) => s.active)
        .map((s) => s.saved_strategy_id)
        .sort();
    await ann('activate_saved_strategy', { saved_strategy_id: a });
    await ann('activate_saved_strategy', { saved_strategy_id: c });
    expect(await activeIds()).toEqual([a, c].sort());
    const switched = await ann('activate_saved_strategy', { saved_strategy_id: b });
    expect((switched.value['strategy'] as { active: boolean }).active).toBe(true);
    expect(await activeIds()).toEqual([b, c].sort());
    expect((await ann('delete_saved_strategy', { saved_strategy_id: b })).value).toEqual({ deleted: true, saved_strategy_id: b });
    expect((await ann('delete_saved_strategy', { saved_strategy_id: b })).value['error']).toBe('STRATEGY_NOT_FOUND');
    expect(await activeIds()).toEqual([c]);
  });

  it('searches with a saved strategy’s ticker and rules', async () => {
    const { user } = world();
    const ann = await user('ann@example.com');
    await ann('create_strategy', { ticker: 'SPY', top_k: 1 });
    const saved = (await ann('save_strategy', { strategy_rank: 1 })).value['strategy'] as {
      saved_strategy_id: string;
      rules: { short_delta: number; wing_width: number; entry_dte: number };
    };
    const found = await ann('find_iron_condors', { saved_strategy_id: saved.saved_strategy_id, min_credit: 0, min_open_interest: 0 });
    expect(found.ok).toBe(true);
    expect(found.value['ticker']).toBe('SPY');
    const candidates = found.value['candidates'] as {
      width: number;
      dte: number;
      legs: { short_put: { delta: number }; short_call: { delta: number } };
    }[];
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) {
      expect(candidate.width).toBe(saved.rules.wing_width);
      expect(Math.abs(candidate.dte - saved.rules.entry_dte)).toBeLessThanOrEqual(7);
      expect(Math.abs(Math.abs(candidate.legs.short_put.delta) - saved.rules.short_delta)).toBeLessThanOrEqual(0.04 + 1e-9);
      expect(Math.abs(candidate.legs.short_call.delta - saved.rules.short_delta)).toBeLessThanOrEqual(0.04 + 1e-9);
    }
    const conflict = await ann('find_iron_condors', { saved_strategy_id: saved.saved_strategy_id, ticker: 'QQQ' });
    expect(conflict.value['error']).toBe('VALIDATION_ERROR');
  });
});
