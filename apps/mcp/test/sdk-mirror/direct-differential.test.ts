import { DEFAULT_CORE_CONFIG, type CoreConfig } from '@condor/core';
import { createTestServices, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { LOOPBACK_HOSTS } from '../../src/index.js';
import { ask, worldOf, type Answer, type Caller, type Path, type RequestOf, type World } from './differential.js';
import { rawRequest } from '../mcp-http.js';
import { ERAS, MCP_URL, PASSWORD, type Era } from '../support.js';
import { CANDIDATE, tradingServices } from '../trading-world.js';

/**
 * The direct path and the SDK give the same answer (status, client-facing headers, body bytes; nothing normalised)
 * to the requests of the conformance scenarios that apply and to the REST/MCP parity cases, each sent in order to a
 * world served with the direct path and to its twin forced through the SDK.
 */

type Services = () => TestServices;

async function twins(services: Services = createTestServices, options: { allowedHosts?: readonly string[] } = {}): Promise<Record<Path, World>> {
  return { direct: await worldOf('direct', options, services()), sdk: await worldOf('sdk', options, services()) };
}

/** Sends each request to both twins in order and returns the pairs of answers. */
async function both(worlds: Record<Path, World>, requests: readonly RequestOf[], caller: Caller = 'user'): Promise<[Answer, Answer][]> {
  const pairs: [Answer, Answer][] = [];
  for (const request of requests) pairs.push([await ask(worlds.direct, request, caller), await ask(worlds.sdk, request, caller)]);
  return pairs;
}

/** A 2025 request as the conformance suite's client (the v1 SDK) sends it, on `host`. */
const legacyPost = (body: unknown, headers: Record<string, string> = {}): RequestOf => () =>
  new Request(MCP_URL, {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25', ...headers },
    body: JSON.stringify(body),
  });

const INITIALIZE = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'conformance', version: '0.1.16' } } };
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

/** The conformance scenarios that apply to condor (scripts/conformance.sh; all 2025-era), as request sequences, and their 2026 counterparts. */
const SCENARIOS: readonly (readonly [string, readonly RequestOf[]])[] = [
  ['server-initialize', [legacyPost(INITIALIZE, { 'mcp-protocol-version': '2025-06-18' }), legacyPost(INITIALIZED)]],
  ['ping', [legacyPost(INITIALIZE), legacyPost(INITIALIZED), legacyPost({ jsonrpc: '2.0', id: 1, method: 'ping' })]],
  ['tools-list', [legacyPost(INITIALIZE), legacyPost(INITIALIZED), legacyPost({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })]],
  [
    'dns-rebinding-protection',
    [
      legacyPost(INITIALIZE, { host: 'evil.example' }),
      legacyPost(INITIALIZE, { origin: 'http://evil.example' }),
      legacyPost({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { host: 'evil.example' }),
      legacyPost({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { host: 'localhost:8787' }),
      legacyPost({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { origin: 'http://localhost:8787' }),
    ],
  ],
  ['resources-list', [legacyPost(INITIALIZE), legacyPost(INITIALIZED), legacyPost({ jsonrpc: '2.0', id: 1, method: 'resources/list', params: {} })]],
  ['prompts-list', [legacyPost(INITIALIZE), legacyPost(INITIALIZED), legacyPost({ jsonrpc: '2.0', id: 1, method: 'prompts/list', params: {} })]],
  [
    '2026-07-28 discover, list, ping and call',
    [
      () => rawRequest('modern', 'server/discover', {}),
      () => rawRequest('modern', 'tools/list', {}),
      () => rawRequest('modern', 'ping', {}),
      () => rawRequest('modern', 'tools/call', { name: 'get_subscription', arguments: {} }),
    ],
  ],
];

describe('the conformance scenarios’ requests, through both paths', () => {
  it.each(SCENARIOS)('%s', async (_scenario, requests) => {
    const worlds = await twins(createTestServices, { allowedHosts: LOOPBACK_HOSTS });
    const pairs = await both(worlds, requests, 'nobody');
    for (const [direct, sdk] of pairs) expect(direct).toEqual(sdk);
    // Every answer is a real one (the scenarios pass): no server error on either path.
    expect(pairs.map(([direct]) => direct.status).filter((status) => status >= 500)).toEqual([]);
  });
});

interface ParityCase {
  /** The ErrorResult code (or soft code) the call answers on both paths; null for a success. */
  readonly code: string | null;
  readonly tool: string;
  readonly input: unknown;
  readonly caller?: Caller;
  readonly services?: Services;
  /** Changes each twin's services after its user is set up. */
  readonly after?: (services: TestServices) => void;
}

const withConfig = (config: Partial<CoreConfig>): Services => () => createTestServices({ config: { ...DEFAULT_CORE_CONFIG, ...config } });
/** An onboarding store whose every method fails, once the world is set up (its user onboarded by then). */
const failingOnboarding = (services: TestServices): void => {
  const failing = new Proxy(services.onboarding, {
    get: (target, property): unknown => {
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? () => Promise.reject(new Error('boom')) : value;
    },
  });
  Object.assign(services, { onboarding: failing });
};
const UUID = '7a1f8a4e-3b2c-4d6e-8f90-123456789abc';

/** The REST/MCP parity cases (apps/rest/test/parity.test.ts) that need no more than an onboarded user, and successes beside them. */
const PARITY: readonly ParityCase[] = [
  { code: 'UNAUTHORIZED', tool: 'logout', input: {}, caller: 'nobody' },
  { code: 'BAD_REQUEST', tool: 'logout', input: {}, caller: 'read_key' },
  { code: 'FORBIDDEN', tool: 'propose_entry', input: { candidate: { ticker: 'SPY' }, qty: 1 }, caller: 'read_key' },
  { code: 'SESSION_INVALID', tool: 'get_onboarding_status', input: {}, caller: 'stale' },
  { code: 'OUT_OF_RANGE', tool: 'create_api_key', input: { name: 'old', scopes: ['read'], expires_at: '2020-01-01T00:00:00Z' } },
  { code: 'INVALID_VALUE', tool: 'create_api_key', input: { name: 'admin', scopes: ['admin'] } },
  { code: 'NOT_FOUND', tool: 'revoke_api_key', input: { api_key_id: UUID } },
  { code: 'INVALID_UUID', tool: 'revoke_api_key', input: { api_key_id: 'key-1' } },
  { code: 'VALIDATION_ERROR', tool: 'logout', input: { everywhere: true } },
  { code: 'VALIDATION_ERROR', tool: 'register', input: { email: 'x@example.com', password: 'short' }, caller: 'nobody' },
  { code: 'VALIDATION_ERROR', tool: 'register', input: [1, 2], caller: 'nobody' },
  { code: 'INVALID_EMAIL', tool: 'register', input: { email: 'nope', password: PASSWORD }, caller: 'nobody' },
  { code: 'CONFLICT', tool: 'register', input: { email: 'ann@example.com', password: PASSWORD }, caller: 'nobody' },
  { code: 'BAD_REQUEST', tool: 'login', input: { email: 'ann@example.com', password: PASSWORD }, caller: 'nobody' },
  { code: 'INTERNAL_ERROR', tool: 'get_onboarding_status', input: {}, after: failingOnboarding },
  { code: 'INVALID_DOCUMENT', tool: 'get_legal_document', input: { name: 'terms-of-service' } },
  { code: 'already_accepted', tool: 'accept_eua', input: {} },
  { code: 'SUBSCRIPTION_NOT_FOUND', tool: 'cancel_subscription', input: {} },
  { code: 'TIER_BLOCKED', tool: 'find_iron_condors', input: { ticker: 'SPY', forecast_volatility: 0.2 } },
  { code: 'TIER_BLOCKED', tool: 'find_iron_condors', input: { ticker: 'SPY', top_k: 25 } },
  { code: 'QUOTA_EXCEEDED', tool: 'find_iron_condors', input: { ticker: 'SPY' }, services: withConfig({ freeQuotas: { find_iron_condors: 0 } }) },
  { code: 'MISSING_TICKER', tool: 'find_iron_condors', input: {} },
  { code: 'INVALID_TICKER', tool: 'find_iron_condors', input: { ticker: 'ZZZZ' } },
  { code: 'OUT_OF_RANGE', tool: 'find_iron_condors', input: { ticker: 'SPY', dte_max: 9_999 } },
  { code: 'INVALID_VALUE', tool: 'find_iron_condors', input: { ticker: 'SPY', sort_by: 'vibes' } },
  { code: 'NO_HISTORY', tool: 'get_optimization_history', input: {} },
  { code: 'INVALID_RANK', tool: 'save_strategy', input: { strategy_rank: 0 } },
  { code: 'STRATEGY_NOT_FOUND', tool: 'delete_saved_strategy', input: { saved_strategy_id: UUID } },
  { code: 'TIER_BLOCKED', tool: 'create_strategy', input: { ticker: 'SPY', pop_model: 'monte_carlo' } },
  { code: 'INVALID_CANDIDATE', tool: 'propose_entry', input: { candidate: 'SPY 545/600', qty: 1 } },
  { code: 'PROPOSAL_NOT_FOUND', tool: 'get_proposal', input: { proposal_id: UUID } },
  { code: 'NOT_FOUND', tool: 'place_order_now', input: { qty: 1 } },
  { code: null, tool: 'get_subscription', input: {} },
  { code: null, tool: 'get_onboarding_status', input: {} },
  { code: null, tool: 'get_legal_document', input: { name: 'eua' } },
  { code: null, tool: 'list_api_keys', input: {} },
  { code: null, tool: 'get_saved_strategies', input: {} },
  { code: null, tool: 'create_api_key', input: { name: 'a key', scopes: ['read'] } },
];

/** The code an answer carries: the ErrorResult's, a soft result's, or null for a success. */
function codeOf(answer: Answer): string | null {
  const message = JSON.parse(answer.body) as { result?: { structuredContent?: { error?: unknown } } };
  const error = message.result?.structuredContent?.error;
  return typeof error === 'string' ? error : null;
}

const callOf = (era: Era, c: ParityCase): RequestOf => () => rawRequest(era, 'tools/call', { name: c.tool, arguments: c.input });

describe.each(ERAS)('the parity cases through both paths, %s era', (era) => {
  it.each(PARITY.map((c) => [c.code ?? 'success', c.tool, c] as const))('%s via %s', async (_code, _tool, c) => {
    const worlds = await twins(c.services);
    c.after?.(worlds.direct.services);
    c.after?.(worlds.sdk.services);
    const [[direct, sdk]] = (await both(worlds, [callOf(era, c)], c.caller ?? 'user')) as [[Answer, Answer]];
    expect(direct).toEqual(sdk);
    expect(codeOf(direct)).toBe(c.code);
  });
});

/** The structured content of a tools/call answer. */
const contentOf = (answer: Answer): Record<string, unknown> =>
  (JSON.parse(answer.body) as { result: { structuredContent: Record<string, unknown> } }).result.structuredContent;

describe.each(ERAS)('a trading walk through both paths, %s era', (era) => {
  it('links the paper broker, searches, proposes, confirms, lists and proposes the exit alike', async () => {
    const worlds = await twins(tradingServices);
    const step = async (name: string, args: unknown): Promise<Answer> => {
      const [[direct, sdk]] = (await both(worlds, [() => rawRequest(era, 'tools/call', { name, arguments: args })])) as [[Answer, Answer]];
      expect(direct).toEqual(sdk);
      return direct;
    };
    await step('get_legal_document', { name: 'broker-authorization' });
    await step('connect_broker', { authorization_confirmed: true, broker: 'sim' });
    expect(codeOf(await step('find_iron_condors', { ticker: 'SPY', top_k: 3 }))).toBeNull();
    const proposalId = contentOf(await step('propose_entry', { candidate: CANDIDATE, qty: 1 })).proposal_id;
    expect(typeof proposalId).toBe('string');
    await step('get_proposal', { proposal_id: proposalId });
    for (const world of [worlds.direct, worlds.sdk]) world.services.clock.advance(5_000);
    const positionId = contentOf(await step('confirm_proposal', { proposal_id: proposalId })).position_id;
    expect(typeof positionId).toBe('string');
    await step('get_positions', {});
    await step('positions', { action: 'list' });
    for (const world of [worlds.direct, worlds.sdk]) world.services.clock.advance(2_000);
    expect(codeOf(await step('propose_exit', { position_id: positionId }))).toBeNull();
    await step('get_subscription', {});
  });
});
