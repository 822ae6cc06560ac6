import { CATALOGUE, DEFAULT_CORE_CONFIG, ERROR_CATALOGUE, execute, type ErrorCode, type Scope } from '@condor/core';
import { AGENT_CONFIRMS, createTestServices, FakeBilling, FakeBrokers, FIXTURE_CLOSED_SESSION, FixtureMarketData, MemoryUserStore, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { isErrorResult, viaMcp, viaRest } from './shells.js';

const PASSWORD = 'parity password 1';
const EMAIL = 'ann@example.com';

interface Session {
  readonly access: string;
  readonly refresh: string;
}

interface Case {
  readonly code: ErrorCode;
  readonly tool: string;
  readonly input: unknown;
  /** A soft result: a success whose body carries `error` (HTTP 200, isError false). */
  readonly soft?: true;
  /** Default: the logged-in user's access token. */
  readonly credential?: (session: Session) => string | null;
  readonly services?: () => TestServices;
  /** Brings the user into the state the case needs, through the core directly. */
  readonly prepare?: (call: (tool: string, input?: unknown) => Promise<unknown>, world: World) => Promise<unknown>;
  /** The tool-call batch both shells send the call in (REST X-Batch-Id, MCP _meta.batch). */
  readonly batch?: string;
}

interface World {
  readonly services: TestServices;
  readonly userId: string;
}

const noCredential = () => null;
const throwingUsers = (): TestServices => {
  const users = new MemoryUserStore();
  users.findByEmail = () => Promise.reject(new Error('boom'));
  return createTestServices({ users });
};
const withConfig = (config: Partial<typeof DEFAULT_CORE_CONFIG>) => () => createTestServices({ config: { ...DEFAULT_CORE_CONFIG, ...config } });
const onboard = async (call: (tool: string, input?: unknown) => Promise<unknown>) => {
  await call('get_legal_document', { name: 'eua' });
  await call('accept_eua');
  await call('get_legal_document', { name: 'risk-disclosure' });
  await call('acknowledge_risk');
};
const PROPOSAL_ID = '7a1f8a4e-3b2c-4d6e-8f90-123456789abc';
const leg = (type: 'put' | 'call', strike: number, symbol: string) => ({ occ_symbol: symbol, type, strike, bid: 1, ask: 1.1, mid: 1.05, delta: 0.2, iv: 0.2 });
const CANDIDATE = {
  ticker: 'SPY',
  expiry: '2026-12-18',
  net_credit: 1.2,
  legs: {
    long_put: leg('put', 540, 'SPY261218P00540000'),
    short_put: leg('put', 545, 'SPY261218P00545000'),
    short_call: leg('call', 600, 'SPY261218C00600000'),
    long_call: leg('call', 605, 'SPY261218C00605000'),
  },
};
const contract = (type: 'put' | 'call', strike: number, bid: number, ask: number) => ({
  symbol: `SPY261218${type === 'put' ? 'P' : 'C'}00${String(strike)}000`,
  type,
  strike,
  expiry: '2026-12-18',
  bid,
  ask,
  volatility: 0.2,
  greeks: null,
  openInterest: 1_000,
  volume: 10,
  quoteTime: Date.UTC(2026, 0, 5, 14, 30),
});
const CHAIN = [contract('put', 540, 1.5, 1.55), contract('put', 545, 2.1, 2.15), contract('call', 600, 1.8, 1.85), contract('call', 605, 1.0, 1.05)];
/** A market whose SPY 2026-12-18 chain is `chain`. */
const chainMarket = (chain: typeof CHAIN) =>
  new FixtureMarketData({ SPY: { quote: { symbol: 'SPY', bid: 570, ask: 570.02, last: 570.01, time: 0 }, chains: { '2026-12-18': chain } } });
const withChain = (chain: typeof CHAIN) => () => createTestServices({ market: chainMarket(chain) });
const connected = async (call: (tool: string, input?: unknown) => Promise<unknown>) => {
  await onboard(call);
  await call('get_legal_document', { name: 'broker-authorization' });
  await call('connect_broker', { authorization_confirmed: true, broker: 'sim' });
};
/** A connected user with a proposal made `age` ms ago in batch 'parity-batch'. */
const withProposal = (age: number) => async (call: (tool: string, input?: unknown) => Promise<unknown>, world: World) => {
  await connected(call);
  await world.services.proposals.insert({
    id: PROPOSAL_ID,
    ownerId: world.userId,
    kind: 'entry',
    batchKey: 'parity-batch',
    createdAt: world.services.clock.now() - age,
    ticker: 'SPY',
    qty: 1,
    legs: [{ symbol: 'SPY261218P00545000', side: 'sell', intent: 'sell_to_open' }],
    limitPrice: -1.2,
    maxLoss: 380,
    summary: 'parity proposal',
    positionId: PROPOSAL_ID,
    details: {},
    consumedAt: null,
    approval: null,
    outcome: null,
  });
};

/** The SPY market of `withChain(CHAIN)` on a weekend: closed, quotes from the last close. */
const closedMarket = () => {
  const market = chainMarket(CHAIN);
  market.marketSession = FIXTURE_CLOSED_SESSION;
  return createTestServices({ market });
};

/** A market that knows SPY and then fails every call with `failure`. */
const failingMarket = (failure: FixtureMarketData['failWith']) => () => {
  const market = new FixtureMarketData({ SPY: { quote: { symbol: 'SPY', bid: 500, ask: 500.02, last: 500.01, time: 0 } } });
  market.failWith = failure;
  return createTestServices({ market });
};

/** An API key of the user with `scopes`, stored as create_api_key stores one; its text is `keyText(scopes)`. */
const keyText = (scopes: readonly Scope[]): string => `condor_sk_parity_${scopes.join('_') || 'none'}_0123456789`;
const withKey = (scopes: readonly Scope[], then?: Case['prepare']) => async (call: (tool: string, input?: unknown) => Promise<unknown>, world: World) => {
  await then?.(call, world);
  const key = keyText(scopes);
  const { services } = world;
  await services.apiKeys.insert({
    id: services.ids.uuid(), ownerId: world.userId, name: 'parity', digest: services.digest.sha256(key), hint: key.slice(-4),
    scopes, createdBy: null, createdAt: services.clock.now(), expiresAt: null, lastUsedAt: null, revokedAt: null,
  });
};
const keyOnly = (scopes: readonly Scope[]) => () => keyText(scopes);

/** Every code reachable so far, each with one call that reaches it. */
const CASES: readonly Case[] = [
  // accounts (issue 2)
  { code: 'UNAUTHORIZED', tool: 'logout', input: {}, credential: noCredential },
  { code: 'BAD_REQUEST', tool: 'logout', input: {}, credential: keyOnly(['read']), prepare: withKey(['read']) },
  // scopes and API keys (issue 17): a read key reads, and is FORBIDDEN to propose, confirm or cancel
  { code: 'FORBIDDEN', tool: 'propose_entry', input: { candidate: CANDIDATE, qty: 1 }, credential: keyOnly(['read']), prepare: withKey(['read'], connected) },
  { code: 'FORBIDDEN', tool: 'confirm_proposal', input: { proposal_id: PROPOSAL_ID }, credential: keyOnly(['read']), prepare: withKey(['read'], withProposal(10_000)) },
  { code: 'FORBIDDEN', tool: 'positions', input: { action: 'cancel', order_id: 'o-1' }, credential: keyOnly(['read', 'propose']), prepare: withKey(['read', 'propose'], connected) },
  { code: 'FORBIDDEN', tool: 'create_api_key', input: { name: 'wider', scopes: ['read', 'trade'] }, credential: keyOnly(['trade']), prepare: withKey(['trade']) },
  { code: 'SESSION_INVALID', tool: 'get_onboarding_status', input: {}, credential: () => 'condor_sk_never_created_0123456789' },
  { code: 'OUT_OF_RANGE', tool: 'create_api_key', input: { name: 'old', scopes: ['read'], expires_at: '2020-01-01T00:00:00Z' } },
  { code: 'INVALID_VALUE', tool: 'create_api_key', input: { name: 'admin', scopes: ['admin'] } },
  { code: 'NOT_FOUND', tool: 'revoke_api_key', input: { api_key_id: PROPOSAL_ID } },
  { code: 'INVALID_UUID', tool: 'revoke_api_key', input: { api_key_id: 'key-1' } },
  { code: 'SESSION_INVALID', tool: 'logout', input: {}, credential: () => 'not-a-token' },
  { code: 'SESSION_INVALID', tool: 'refresh_session', input: { refresh_token: 'made-up' }, credential: noCredential },
  { code: 'VALIDATION_ERROR', tool: 'logout', input: { everywhere: true } },
  { code: 'VALIDATION_ERROR', tool: 'register', input: { email: 'x@example.com', password: 'short' }, credential: noCredential },
  { code: 'VALIDATION_ERROR', tool: 'login', input: [1, 2], credential: noCredential },
  { code: 'INVALID_EMAIL', tool: 'register', input: { email: 'nope', password: PASSWORD }, credential: noCredential },
  { code: 'INVALID_CREDENTIALS', tool: 'login', input: { email: EMAIL, password: 'wrong password' }, credential: noCredential },
  { code: 'CONFLICT', tool: 'register', input: { email: EMAIL, password: PASSWORD }, credential: noCredential },
  {
    code: 'SERVER_MISCONFIGURED',
    tool: 'login',
    input: { email: EMAIL, password: PASSWORD },
    credential: noCredential,
    services: () => createTestServices({ tokens: null }),
  },
  { code: 'INTERNAL_ERROR', tool: 'login', input: { email: EMAIL, password: PASSWORD }, credential: noCredential, services: throwingUsers },
  // onboarding, subscriptions, tiers, quotas, throttling (issue 3)
  { code: 'INVALID_DOCUMENT', tool: 'get_legal_document', input: { name: 'terms-of-service' } },
  { code: 'DOCUMENT_NOT_READ', tool: 'accept_eua', input: {} },
  { code: 'DOCUMENT_NOT_READ', tool: 'acknowledge_risk', input: {} },
  {
    code: 'already_accepted',
    tool: 'accept_eua',
    input: {},
    soft: true,
    prepare: async (call) => call('get_legal_document', { name: 'eua' }).then(() => call('accept_eua')),
  },
  {
    code: 'already_acknowledged',
    tool: 'acknowledge_risk',
    input: {},
    soft: true,
    prepare: async (call) => call('get_legal_document', { name: 'risk-disclosure' }).then(() => call('acknowledge_risk')),
  },
  { code: 'ONBOARDING_REQUIRED', tool: 'execute_iron_condor_autoroll', input: {} },
  { code: 'ALREADY_SUBSCRIBED', tool: 'subscribe', input: { plan: 'premium' }, prepare: (call) => call('subscribe') },
  { code: 'SUBSCRIPTION_NOT_FOUND', tool: 'cancel_subscription', input: {} },
  { code: 'FORBIDDEN', tool: 'subscribe', input: {}, services: () => createTestServices({ billing: new FakeBilling(true) }) },
  { code: 'TIER_BLOCKED', tool: 'find_iron_condors', input: { ticker: 'SPY', forecast_volatility: 0.2 } },
  { code: 'TIER_BLOCKED', tool: 'find_iron_condors', input: { ticker: 'SPY', top_k: 25 } },
  {
    code: 'QUOTA_EXCEEDED',
    tool: 'find_iron_condors',
    input: { ticker: 'SPY' },
    services: withConfig({ freeQuotas: { find_iron_condors: 0 } }),
  },
  {
    code: 'RATE_LIMITED',
    tool: 'login',
    input: { email: EMAIL, password: PASSWORD },
    credential: noCredential,
    services: withConfig({ loginThrottle: { maxFailures: 1, windowSeconds: 60 } }),
    prepare: (call) => call('login', { email: EMAIL, password: 'a wrong password' }),
  },
  // market and search (issue 4)
  { code: 'MISSING_TICKER', tool: 'find_iron_condors', input: {} },
  { code: 'INVALID_TICKER', tool: 'find_iron_condors', input: { ticker: 'ZZZZ' } },
  { code: 'INVALID_TICKER', tool: 'find_iron_condors', input: { ticker: 'not a ticker!' } },
  { code: 'SAVED_STRATEGY_NOT_FOUND', tool: 'find_iron_condors', input: { saved_strategy_id: '5d1f8a4e-3b2c-4d6e-8f90-123456789abc' } },
  { code: 'INVALID_UUID', tool: 'find_iron_condors', input: { saved_strategy_id: '5d1f8a4e' } },
  { code: 'OUT_OF_RANGE', tool: 'find_iron_condors', input: { ticker: 'SPY', dte_max: 9_999 } },
  { code: 'INVALID_VALUE', tool: 'find_iron_condors', input: { ticker: 'SPY', sort_by: 'vibes' } },
  { code: 'VALIDATION_ERROR', tool: 'find_iron_condors', input: { ticker: 'SPY', dte_min: 50, dte_max: 30 } },
  {
    code: 'BROKER_RATE_LIMITED',
    tool: 'find_iron_condors',
    input: { ticker: 'SPY' },
    services: failingMarket({ kind: 'rate_limited', retryAfterSeconds: 7 }),
  },
  {
    code: 'SERVICE_UNAVAILABLE',
    tool: 'find_iron_condors',
    input: { ticker: 'SPY' },
    services: failingMarket({ kind: 'unavailable', message: 'provider down' }),
  },
  // strategies (issue 5)
  { code: 'NO_HISTORY', tool: 'get_optimization_history', input: {} },
  { code: 'NO_HISTORY', tool: 'save_strategy', input: { strategy_rank: 1 } },
  { code: 'INVALID_RANK', tool: 'save_strategy', input: { strategy_rank: 0 } },
  { code: 'INVALID_UUID', tool: 'save_strategy', input: { strategy_rank: 1, run_id: 'run-1' } },
  { code: 'STRATEGY_NOT_FOUND', tool: 'delete_saved_strategy', input: { saved_strategy_id: '5d1f8a4e-3b2c-4d6e-8f90-123456789abc' } },
  { code: 'STRATEGY_NOT_FOUND', tool: 'activate_saved_strategy', input: { saved_strategy_id: '5d1f8a4e-3b2c-4d6e-8f90-123456789abc' } },
  { code: 'TIER_BLOCKED', tool: 'create_strategy', input: { ticker: 'SPY', pop_model: 'monte_carlo' } },
  { code: 'TIER_BLOCKED', tool: 'create_strategy', input: { ticker: 'SPY', iv_rank_gate_mode: 'maximum' } },
  { code: 'INVALID_TICKER', tool: 'create_strategy', input: { ticker: 'ZZZZ' } },
  { code: 'OUT_OF_RANGE', tool: 'create_strategy', input: { ticker: 'SPY', max_capital: 1 } },
  { code: 'INVALID_VALUE', tool: 'create_strategy', input: { ticker: 'SPY', iv_rank_gate_mode: 'sometimes' } },
  {
    code: 'QUOTA_EXCEEDED',
    tool: 'create_strategy',
    input: { ticker: 'SPY' },
    services: withConfig({ freeQuotas: { create_strategy: 0 } }),
  },
  // trading (first trading tool)
  { code: 'AUTOROLL_DISABLED', tool: 'execute_iron_condor_autoroll', input: {}, prepare: onboard },
  // broker linking and proposals (issue 6)
  { code: 'MISSING_API_KEY', tool: 'set_broker_keys', input: { api_key: ' ', api_secret: 'secret-1' }, prepare: onboard },
  { code: 'MISSING_API_SECRET', tool: 'set_broker_keys', input: { api_key: 'key-1' }, prepare: onboard },
  { code: 'AUTHORIZATION_NOT_CONFIRMED', tool: 'connect_broker', input: { authorization_confirmed: true }, prepare: onboard },
  {
    code: 'SERVICE_NOT_CONFIGURED',
    tool: 'connect_broker',
    input: { authorization_confirmed: true, broker: 'alpaca' },
    services: () => createTestServices({ brokers: new FakeBrokers({ available: ['sim'] }) }),
    prepare: (call) => onboard(call).then(() => call('get_legal_document', { name: 'broker-authorization' })),
  },
  { code: 'BROKER_NOT_CONNECTED', tool: 'confirm_proposal', input: { proposal_id: PROPOSAL_ID }, prepare: onboard },
  { code: 'INVALID_CANDIDATE', tool: 'propose_entry', input: { candidate: 'SPY 545/600', qty: 1 } },
  { code: 'MISSING_CANDIDATE_FIELDS', tool: 'propose_entry', input: { candidate: { ...CANDIDATE, net_credit: undefined }, qty: 1 } },
  { code: 'STRATEGY_NOT_CANDIDATE', tool: 'propose_entry', input: { candidate: { kind: 'strategy', rank: 1, rules: {}, metrics: {} }, qty: 1 } },
  { code: 'INVALID_QTY', tool: 'propose_entry', input: { candidate: CANDIDATE, qty: 0 } },
  { code: 'ENTRY_REJECTED', tool: 'propose_entry', input: { candidate: CANDIDATE, qty: 1 }, services: withChain([]), prepare: connected },
  // received keyed by reason, several legs listed under one: { liquidity: [...] }
  {
    code: 'ENTRY_REJECTED',
    tool: 'propose_entry',
    input: { candidate: CANDIDATE, qty: 1 },
    services: withChain([contract('put', 540, 0.1, 0.6), contract('put', 545, 2.1, 2.15), contract('call', 600, 1.8, 1.85), contract('call', 605, 0, 1.05)]),
    prepare: connected,
  },
  { code: 'ENTRY_REJECTED', tool: 'propose_entry', input: { candidate: CANDIDATE, qty: 1 }, services: closedMarket, prepare: connected },
  {
    code: 'OVERLAPPING_LEGS',
    tool: 'propose_entry',
    input: { candidate: CANDIDATE, qty: 1 },
    services: withChain(CHAIN),
    prepare: async (call, world) => {
      await connected(call);
      const { brokers } = world.services;
      if (!(brokers instanceof FakeBrokers)) throw new Error('the parity services use FakeBrokers');
      brokers.holdExternalPosition(world.userId, 'SPY261218P00545000', -1, 2.1);
    },
  },
  { code: 'PROPOSAL_NOT_FOUND', tool: 'confirm_proposal', input: { proposal_id: PROPOSAL_ID }, prepare: connected },
  { code: 'PROPOSAL_NOT_FOUND', tool: 'get_proposal', input: { proposal_id: PROPOSAL_ID }, prepare: onboard },
  { code: 'POSITION_NOT_FOUND', tool: 'propose_exit', input: { position_id: PROPOSAL_ID }, prepare: connected },
  { code: 'POSITION_NOT_FOUND', tool: 'get_positions', input: { position_id: PROPOSAL_ID }, prepare: connected },
  {
    code: 'NOT_SERVICE_MANAGED',
    tool: 'get_positions',
    input: { symbol: 'SPY261218P00545000' },
    services: () => createTestServices({ brokers: new FakeBrokers() }),
    prepare: async (call, world) => {
      await connected(call);
      const { brokers } = world.services;
      if (!(brokers instanceof FakeBrokers)) throw new Error('the parity services use FakeBrokers');
      brokers.holdExternalPosition(world.userId, 'SPY261218P00545000', -1, 2.1);
    },
  },
  { code: 'MISSING_ORDER_ID', tool: 'positions', input: { action: 'cancel' }, prepare: connected },
  { code: 'NOT_FOUND', tool: 'positions', input: { action: 'cancel', order_id: 'no-such-order' }, prepare: connected },
  {
    code: 'CANCEL_FAILED',
    tool: 'positions',
    // FakeBrokers names orders by a counter: the proposal's filled entry is its first.
    input: { action: 'cancel', order_id: 'fake-order-000001' },
    soft: true,
    prepare: async (call, world) => {
      await withProposal(10_000)(call, world);
      await call('confirm_proposal', { proposal_id: PROPOSAL_ID });
    },
  },
  { code: 'POSITION_NOT_FOUND', tool: 'propose_roll', input: { position_id: PROPOSAL_ID, side: 'put' }, prepare: connected },
  { code: 'CONFIRM_TOO_FAST', tool: 'confirm_proposal', input: { proposal_id: PROPOSAL_ID }, prepare: withProposal(1_000) },
  { code: 'PROPOSAL_EXPIRED', tool: 'confirm_proposal', input: { proposal_id: PROPOSAL_ID }, prepare: withProposal(60_000) },
  { code: 'CONFIRM_BLOCKED', tool: 'confirm_proposal', input: { proposal_id: PROPOSAL_ID }, prepare: withProposal(10_000), batch: 'parity-batch' },
  {
    code: 'PROPOSAL_ALREADY_CONSUMED',
    tool: 'confirm_proposal',
    input: { proposal_id: PROPOSAL_ID },
    prepare: async (call, world) => {
      await withProposal(10_000)(call, world);
      await world.services.proposals.consume(world.userId, PROPOSAL_ID, world.services.clock.now(), { method: 'confirm', at: world.services.clock.now(), userId: world.userId, client: null, address: null });
      await world.services.proposals.recordOutcome(PROPOSAL_ID, { status: 'submitted', orderId: 'order-1' });
    },
  },
];

describe('the same call through REST and MCP (both protocol eras) gives the identical answer', () => {
  it.each(CASES.map((c) => [c.code, c.tool, c] as const))('%s via %s', async (code, tool, c) => {
    // The agent confirms paper orders here (CONDOR_APPROVAL=confirm): the cases are the contract's own codes.
    const services = c.services?.() ?? createTestServices({ config: AGENT_CONFIRMS });
    const core = (credential: string | null) => (name: string, input: unknown = {}) =>
      execute(name, input, { services, credential, requestId: 'setup', batchKey: null });
    await core(null)('register', { email: EMAIL, password: PASSWORD });
    const login = await core(null)('login', { email: EMAIL, password: PASSWORD });
    const tokens = login.isOk() ? (login.value.value as { access_token: string; refresh_token: string }) : null;
    const session = { access: tokens?.access_token ?? 'none', refresh: tokens?.refresh_token ?? 'none' };
    const userId = login.isOk() ? (login.value.value as { user: { user_id: string } }).user.user_id : 'none';
    await c.prepare?.(core(session.access), { services, userId });
    const credential = c.credential === undefined ? session.access : c.credential(session);

    const rest = await viaRest(services, tool, c.input, credential, c.batch);
    const mcp = await viaMcp(services, tool, c.input, credential, c.batch, 'modern');
    const legacy = await viaMcp(services, tool, c.input, credential, c.batch, 'legacy');

    expect((rest.body as { error: string }).error).toBe(code);
    expect(mcp.body).toEqual(rest.body);
    expect(legacy).toEqual(mcp);
    if (c.soft === true) {
      expect([rest.status, rest.ok, mcp.ok]).toEqual([200, true, true]);
    } else {
      expect(isErrorResult(rest.body)).toBe(true);
      expect(rest.status).toBe(ERROR_CATALOGUE[code].status);
      expect([rest.ok, mcp.ok]).toEqual([false, false]);
    }
  });

  it('covers every code the catalogue operations declare', () => {
    const covered = new Set(CASES.map((c) => c.code));
    for (const code of new Set(CATALOGUE.flatMap((op) => op.errors))) expect([code, covered.has(code)]).toEqual([code, true]);
  });
});
