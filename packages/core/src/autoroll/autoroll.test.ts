import * as v from 'valibot';
import { errAsync, okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { createTestServices, FakeBrokers, FakeClock, FixtureMarketData, type TestServices } from '@condor/testkit';
import { appError } from '../errors/app-error.js';
import type { ErrorResult } from '../errors/error-result.js';
import { renderError } from '../errors/render.js';
import type { AnyOperation, HandlerContext } from '../operations/operation.js';
import type { OptionContract } from '../ports/market-data.js';
import type { ManagedPosition } from '../ports/position-store.js';
import { DEFAULT_CORE_CONFIG } from '../services.js';
import { issuesToAppError } from '../validation/issues-to-error.js';
import { autorollEnabled } from './autoroll-enabled.js';
import { createExecuteAutoroll, executeIronCondorAutoroll, type Proposer } from './execute-autoroll.js';
import { suggestIronCondorAutoroll } from './suggest-autoroll.js';
import { getPositions } from '../positions/get-positions.js';
import { proposeExit } from '../proposals/propose-exit.js';
import { ALL_SCOPES } from '../scopes/scopes.js';

const ALICE = '0a11ce00-0000-4000-8000-000000000001';
const BOB = '0b0b0000-0000-4000-8000-000000000002';
const EXPIRY = '2026-02-20';
const SYMBOLS = ['SPY260220P00540000', 'SPY260220P00545000', 'SPY260220C00600000', 'SPY260220C00605000'] as const;

const contract = (symbol: string, type: 'put' | 'call', strike: number, delta: number): OptionContract => ({
  symbol,
  type,
  strike,
  expiry: EXPIRY,
  bid: 0.5,
  ask: 0.6,
  volatility: 0.2,
  greeks: { delta, gamma: 0.01, theta: -0.02, vega: 0.5 },
  openInterest: 1_000,
  volume: 10,
  quoteTime: 0,
});

const condor = (id: string, ownerId: string, status: ManagedPosition['status'] = 'open'): ManagedPosition => ({
  id,
  ownerId,
  ticker: 'SPY',
  expiry: EXPIRY,
  legs: [
    { symbol: SYMBOLS[0], type: 'put', strike: 540, expiry: EXPIRY, side: 'long' },
    { symbol: SYMBOLS[1], type: 'put', strike: 545, expiry: EXPIRY, side: 'short' },
    { symbol: SYMBOLS[2], type: 'call', strike: 600, expiry: EXPIRY, side: 'short' },
    { symbol: SYMBOLS[3], type: 'call', strike: 605, expiry: EXPIRY, side: 'long' },
  ],
  qty: 1,
  entryCredit: 1.25,
  status,
  openedAt: 0,
  closedAt: null,
  orderIds: [`order-${id}`],
});

type Outcome = { ok: true; value: Record<string, unknown> } | { ok: false; status: number; body: ErrorResult };

/** Alice holds one open condor (prices: closing it costs `value` per share); the chain carries the short deltas. */
async function setUp({ value = 0.9, putDelta = -0.12, spot = 572, enabled = false } = {}) {
  const clock = new FakeClock();
  const brokers = new FakeBrokers({ clock });
  const chain = [contract(SYMBOLS[0], 'put', 540, -0.08), contract(SYMBOLS[1], 'put', 545, putDelta), contract(SYMBOLS[2], 'call', 600, 0.11), contract(SYMBOLS[3], 'call', 605, 0.07)];
  const market = new FixtureMarketData({ SPY: { quote: { symbol: 'SPY', bid: spot - 0.1, ask: spot + 0.1, last: spot, time: 0 }, chains: { [EXPIRY]: chain } } });
  const config = { ...DEFAULT_CORE_CONFIG, autorollEnabled: enabled };
  const services: TestServices = createTestServices({ clock, brokers, market, config });
  for (const ownerId of [ALICE, BOB]) {
    await services.brokerLinks.put({ ownerId, broker: 'sim', environment: 'paper', apiKey: null, apiSecret: null, keyHint: null, connectedAt: clock.now(), updatedAt: clock.now() });
  }
  const position = condor(services.ids.uuid(), ALICE);
  await services.positions.insert(position);
  // Legs at the broker: long 0.3 and 0.2, shorts share the rest of `value`.
  const prices = [0.3, (value + 0.5) / 2, (value + 0.5) / 2, 0.2];
  SYMBOLS.forEach((symbol, i) => {
    brokers.holdExternalPosition(ALICE, symbol, i === 1 || i === 2 ? -1 : 1, 1);
    brokers.setPrice(symbol, prices[i] ?? 0);
  });

  const ctx = (userId: string): HandlerContext<'trading'> => ({
    services,
    caller: { userId, email: `${userId}@example.com`, tier: 'free', sessionId: 'session', credential: 'session', scopes: ALL_SCOPES },
    requestId: 'test',
    batchKey: 'autoroll-batch',
    clientIp: null,
    progress: null,
    client: null,
    approval: null,
  });
  async function call(operation: AnyOperation, raw: unknown, userId = ALICE): Promise<Outcome> {
    const parsed = v.safeParse(operation.input, raw);
    if (!parsed.success) return { ok: false, ...renderError(issuesToAppError(operation.name, operation.input, parsed.issues, operation.fieldRules)) };
    return (await operation.handler(parsed.output, ctx(userId))).match(
      (out) => ({ ok: true as const, value: out as Record<string, unknown> }),
      (error) => ({ ok: false as const, ...renderError(error) }),
    );
  }
  return { services, market, brokers, clock, position, call };
}

const alertsOf = (outcome: Outcome): Record<string, unknown>[] => (outcome.ok ? (outcome.value['alerts'] as Record<string, unknown>[]) : []);

describe('suggest_iron_condor_autoroll', () => {
  it('alerts on a position worth taking profit on, naming the exact propose_exit call', async () => {
    const { call, position } = await setUp({ value: 0.5 });
    const answer = await call(suggestIronCondorAutoroll, {});
    expect(answer.ok && answer.value['checked_position_ids']).toEqual([position.id]);
    expect(alertsOf(answer)).toEqual([
      expect.objectContaining({
        position_id: position.id,
        rule: 'take_profit',
        severity: 'info',
        suggested_action: 'close',
        proposal_call: { tool: 'propose_exit', arguments: { position_id: position.id } },
        alternative: null,
      }),
    ]);
    expect(alertsOf(answer)[0]?.['reason']).toContain('Debit to close $0.50 is 40.0 % of the $1.25 entry credit');
    expect(answer.ok && answer.value['market']).toMatchObject({ session: 'regular', quotes: 'live' });
  });

  it('raises nothing for a calm position, and flags a tested short put from the chain delta', async () => {
    expect(alertsOf(await (await setUp()).call(suggestIronCondorAutoroll, {}))).toEqual([]);
    const { call, position } = await setUp({ putDelta: -0.34 });
    expect(alertsOf(await call(suggestIronCondorAutoroll, { position_id: position.id }))).toEqual([
      expect.objectContaining({
        rule: 'short_strike_tested',
        proposal_call: { tool: 'propose_roll', arguments: { position_id: position.id, side: 'call', target_dte: 46, short_delta: 0.25 } },
      }),
    ]);
  });

  it("answers POSITION_NOT_FOUND for another user's position, INVALID_UUID for a malformed id", async () => {
    const { call, position } = await setUp({ value: 0.5 });
    const theirs = await call(suggestIronCondorAutoroll, { position_id: position.id }, BOB);
    expect(theirs.ok ? null : theirs.body.error).toBe('POSITION_NOT_FOUND');
    expect(alertsOf(await call(suggestIronCondorAutoroll, {}, BOB))).toEqual([]);
    const malformed = await call(suggestIronCondorAutoroll, { position_id: 'nope' });
    expect(malformed.ok ? null : malformed.body).toMatchObject({ error: 'INVALID_UUID', see_tool: 'get_positions' });
  });

  it('says which positions or rules it could not check', async () => {
    const { call, services, market } = await setUp();
    const closing = condor(services.ids.uuid(), ALICE, 'closing');
    await services.positions.insert(closing);
    market.failWith = { kind: 'unavailable', message: 'down' };
    const answer = await call(suggestIronCondorAutoroll, {});
    const notes = (answer.ok ? answer.value['notes'] : []) as string[];
    expect(notes).toContain(`Position ${closing.id} is closing: alerts are for open positions only.`);
    expect(notes).toContainEqual(expect.stringMatching(/no quote for SPY \(price-distance tests skipped\); no short-leg deltas/));
  });
});

describe('the expiry-day guardian', () => {
  // Fri 20 Feb 2026 (EXPIRY): 10:00 New York is 15:00 UTC.
  const EXPIRY_MORNING = Date.UTC(2026, 1, 20, 15);

  it('on expiry day raises a critical expiry alert in suggest_iron_condor_autoroll and get_positions; its call proposes the whole condor in one 4-leg order', async () => {
    const { call, clock, position } = await setUp();
    clock.set(EXPIRY_MORNING);
    const suggested = alertsOf(await call(suggestIronCondorAutoroll, {})).filter((a) => a['rule'] === 'expiry');
    expect(suggested).toEqual([
      expect.objectContaining({ severity: 'critical', suggested_action: 'close', proposal_call: { tool: 'propose_exit', arguments: { position_id: position.id } } }),
    ]);
    const listed = await call(getPositions, {});
    const [shown] = (listed.ok ? listed.value['positions'] : []) as Record<string, unknown>[];
    expect(shown?.['alerts']).toEqual([expect.objectContaining({ rule: 'expiry', severity: 'critical' })]);
    expect(listed.ok && listed.value['account']).toMatchObject({ broker: 'sim', environment: 'paper' });

    const proposalCall = suggested[0]?.['proposal_call'] as { arguments: unknown };
    const proposed = await call(proposeExit, proposalCall.arguments);
    expect(proposed.ok && (proposed.value['legs'] as unknown[]).map((leg) => (leg as { intent: string }).intent)).toEqual([
      'sell_to_close',
      'buy_to_close',
      'buy_to_close',
      'sell_to_close',
    ]);
    expect(proposed.ok && proposed.value['kind']).toBe('exit');
  });

  it('a leg closed outside condor raises legs_changed, only the guardian speaks, and the close proposes what is left', async () => {
    const { call, brokers, position } = await setUp({ value: 0.5 });
    brokers.holdExternalPosition(ALICE, SYMBOLS[1], 0, 0);
    const answer = await call(suggestIronCondorAutoroll, {});
    expect(alertsOf(answer)).toEqual([
      expect.objectContaining({
        rule: 'legs_changed',
        severity: 'critical',
        proposal_call: { tool: 'propose_exit', arguments: { position_id: position.id, remaining_only: true } },
      }),
    ]);
    expect(answer.ok && answer.value['notes']).toContainEqual(`Position ${position.id}: its legs changed at the broker; only the guardian's alerts apply.`);
    const whole = await call(proposeExit, { position_id: position.id });
    expect(whole.ok ? null : whole.body.error).toBe('ENTRY_REJECTED');
    const rest = await call(proposeExit, { position_id: position.id, remaining_only: true });
    expect(rest.ok && (rest.value['legs'] as { symbol: string }[]).map((leg) => leg.symbol)).toEqual([SYMBOLS[0], SYMBOLS[2], SYMBOLS[3]]);
  });
});

describe('execute_iron_condor_autoroll', () => {
  it('answers AUTOROLL_DISABLED unless the deployment enables it', async () => {
    const { call, services } = await setUp({ value: 0.5 });
    expect(autorollEnabled(services)).toBe(false);
    const answer = await call(executeIronCondorAutoroll, {});
    expect(answer.ok ? null : answer).toMatchObject({ status: 501, body: { error: 'AUTOROLL_DISABLED', see_tool: 'suggest_iron_condor_autoroll' } });
  });

  it('when enabled, makes the proposal the most severe alert names — a proposal, never an order', async () => {
    const { call, services, position } = await setUp({ value: 4, enabled: true });
    expect(autorollEnabled(services)).toBe(true);
    const received: unknown[] = [];
    const proposeExit: Proposer = {
      name: 'propose_exit',
      input: v.strictObject({ position_id: v.pipe(v.string(), v.uuid()) }),
      handler: (input: unknown) => {
        received.push(input);
        return okAsync({ proposal_id: '11111111-1111-4111-8111-111111111111' });
      },
    };
    const answer = await call(createExecuteAutoroll({ propose_exit: proposeExit, propose_roll: null }), {});
    expect(received).toEqual([{ position_id: position.id }]);
    expect(answer.ok && answer.value).toEqual({
      proposals: [{ position_id: position.id, rule: 'stop_loss', tool: 'propose_exit', proposal_id: '11111111-1111-4111-8111-111111111111' }],
      skipped: [],
      notes: [],
      account: expect.objectContaining({ broker: 'sim', environment: 'paper' }) as unknown,
    });
  });

  it('when enabled, makes a real propose_exit proposal that still awaits confirmation', async () => {
    const { call, services, position } = await setUp({ value: 4, enabled: true });
    const answer = await call(executeIronCondorAutoroll, {});
    const made = (answer.ok ? answer.value['proposals'] : []) as { proposal_id: string }[];
    expect(answer.ok && answer.value['skipped']).toEqual([]);
    expect(made).toEqual([expect.objectContaining({ position_id: position.id, rule: 'stop_loss', tool: 'propose_exit' })]);
    const proposal = await services.proposals.get(ALICE, made[0]?.proposal_id ?? '');
    expect(proposal).toMatchObject({ kind: 'exit', positionId: position.id, consumedAt: null, batchKey: 'autoroll-batch' });
  });

  it('when enabled, reports what a proposal tool refused, and refuses outright without any proposal tool', async () => {
    const { call, position } = await setUp({ value: 4, enabled: true });
    const refusing: Proposer = {
      name: 'propose_exit',
      input: v.strictObject({ position_id: v.string() }),
      handler: () => errAsync(appError('BROKER_RATE_LIMITED', { message: 'slow down' })),
    };
    const answer = await call(createExecuteAutoroll({ propose_exit: refusing, propose_roll: null }), {});
    expect(answer.ok && answer.value['skipped']).toEqual([
      { position_id: position.id, rule: 'stop_loss', tool: 'propose_exit', error: 'BROKER_RATE_LIMITED', message: 'slow down' },
    ]);
    const none = await call(createExecuteAutoroll({ propose_exit: null, propose_roll: null }), {});
    expect(none.ok ? null : none.body.error).toBe('AUTOROLL_DISABLED');
  });
});
