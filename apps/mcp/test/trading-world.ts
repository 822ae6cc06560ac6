import type { CoreConfig } from '@condor/core';
import { AGENT_CONFIRMS, createTestServices, FixtureMarketData, type TestServices } from '@condor/testkit';
import { connectHttp, connectStdioLike, expectToolOk, httpHandlerFor, PASSWORD, type Connected, type Era } from './support.js';

const leg = (type: 'put' | 'call', strike: number, symbol: string) => ({ occ_symbol: symbol, type, strike, bid: 1, ask: 1.1, mid: 1.05, delta: 0.2, iv: 0.2 });

/** A find_iron_condors candidate on the fixture market's SPY 2026-12-18 chain. */
export const CANDIDATE = {
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

/**
 * Services whose market knows SPY (a quote and one chain; no daily history). By default the agent's own
 * confirm_proposal places paper orders (`CONDOR_APPROVAL=confirm`), for tests of what happens around an order;
 * the approval tests pass the default config, where only a person's approval places one.
 */
export const tradingServices = (config: CoreConfig = AGENT_CONFIRMS): TestServices =>
  createTestServices({
    config,
    market: new FixtureMarketData({
      SPY: {
        quote: { symbol: 'SPY', bid: 570, ask: 570.02, last: 570.01, time: 0 },
        chains: { '2026-12-18': [contract('put', 540, 1.5, 1.55), contract('put', 545, 2.1, 2.15), contract('call', 600, 1.8, 1.85), contract('call', 605, 1.0, 1.05)] },
      },
    }),
  });

/** Registers `email` and returns an access token for it (login goes over a connection, the one place it binds). */
export async function tokenFor(services: TestServices, email: string): Promise<string> {
  const via = await connectStdioLike(services);
  expectToolOk(await via.call('register', { email, password: PASSWORD }));
  return expectToolOk(await via.call('login', { email, password: PASSWORD })).access_token as string;
}

/** Reads and accepts both onboarding documents and links the simulated broker, as `mcp`'s user. */
export async function onboardAndConnect(mcp: Connected): Promise<void> {
  for (const [name, accept] of [['eua', 'accept_eua'], ['risk-disclosure', 'acknowledge_risk']] as const) {
    expectToolOk(await mcp.call('get_legal_document', { name }));
    expectToolOk(await mcp.call(accept));
  }
  expectToolOk(await mcp.call('get_legal_document', { name: 'broker-authorization' }));
  expectToolOk(await mcp.call('connect_broker', { authorization_confirmed: true, broker: 'sim' }));
}

/** A user of `era` over HTTP, onboarded with a broker, holding one filled condor and one open proposal. */
export async function tradingUser(services: TestServices, era: Era, email = 'ann@example.com') {
  const mcp = await connectHttp(httpHandlerFor(services), era);
  mcp.bearer = await tokenFor(services, email);
  await onboardAndConnect(mcp);
  const entry = expectToolOk(await mcp.call('propose_entry', { candidate: CANDIDATE, qty: 1 }));
  services.clock.advance(5_000);
  const confirmed = expectToolOk(await mcp.call('confirm_proposal', { proposal_id: entry.proposal_id }));
  services.clock.advance(2_000);
  const exit = expectToolOk(await mcp.call('propose_exit', { position_id: confirmed.position_id }));
  return { mcp, positionId: confirmed.position_id as string, proposalId: exit.proposal_id as string };
}
