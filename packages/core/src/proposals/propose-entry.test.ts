import { createTestServices, FIXTURE_CLOSED_SESSION, FixtureMarketData } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { ErrorResult } from '../errors/error-result.js';
import { execute } from '../operations/execute.js';
import type { OptionContract } from '../ports/market-data.js';

/** propose_entry through `execute` against a fixture chain and FakeBrokers: what its gate admits and how it says no. */

const EXPIRY = '2026-02-20';
const QUOTED = Date.UTC(2026, 0, 5, 14, 30);
const occ = (type: 'put' | 'call', strike: number): string => `SPY260220${type === 'put' ? 'P' : 'C'}00${String(strike)}000`;
const contract = (type: 'put' | 'call', strike: number, bid: number, ask: number, quoteTime = QUOTED): OptionContract => ({
  symbol: occ(type, strike),
  type,
  strike,
  expiry: EXPIRY,
  bid,
  ask,
  volatility: 0.2,
  greeks: null,
  openInterest: 1_000,
  volume: 10,
  quoteTime,
});
const leg = (type: 'put' | 'call', strike: number) => ({ occ_symbol: occ(type, strike), type, strike });
const candidate = (netCredit: number) => ({
  ticker: 'SPY',
  expiry: EXPIRY,
  net_credit: netCredit,
  legs: { long_put: leg('put', 540), short_put: leg('put', 545), short_call: leg('call', 600), long_call: leg('call', 605) },
});
/** Credit at mid: 2.125 + 1.825 − 1.525 − 1.025 = 1.40 on a $5 wing. */
const GOOD = [contract('put', 540, 1.5, 1.55), contract('put', 545, 2.1, 2.15), contract('call', 600, 1.8, 1.85), contract('call', 605, 1.0, 1.05)];

async function trader(chain: readonly OptionContract[]) {
  const market = new FixtureMarketData({ SPY: { quote: { symbol: 'SPY', bid: 570, ask: 570.02, last: 570.01, time: QUOTED }, chains: { [EXPIRY]: chain } } });
  const services = createTestServices({ market });
  const bare = { services, credential: null, requestId: 'entry', batchKey: null };
  await execute('register', { email: 'ann@example.com', password: 'entry password 1' }, bare);
  const login = (await execute('login', { email: 'ann@example.com', password: 'entry password 1' }, bare))._unsafeUnwrap().value as { access_token: string };
  const call = (tool: string, input: unknown = {}) => execute(tool, input, { ...bare, credential: login.access_token });
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  (await call('connect_broker', { authorization_confirmed: true, broker: 'sim' }))._unsafeUnwrap();
  const refusal = async (input: unknown): Promise<ErrorResult> => (await call('propose_entry', input))._unsafeUnwrapErr().body;
  return { market, call, refusal };
}

describe('propose_entry', () => {
  it('admits a liquid, freshly quoted candidate and says which session its prices belong to', async () => {
    const { call } = await trader(GOOD);
    const view = (await call('propose_entry', { candidate: candidate(1.4), qty: 1 }))._unsafeUnwrap().value as { limit_price: number; details: Record<string, unknown> };
    expect(view.limit_price).toBe(-1.4);
    expect(view.details['market_session']).toMatchObject({ session: 'regular', quotes: 'live', simulated: false, next_open: '2026-01-06T14:30:00.000Z' });
  });

  it('says every reason in a sentence, each limit once, and lists what it found under the reason names', async () => {
    const stale = QUOTED - 181_094_000;
    const chain = [contract('put', 540, 0.1, 0.6, stale), contract('put', 545, 0.4, 0.45), contract('call', 600, 0.3, 0.35), contract('call', 605, 0, 0.05, stale)];
    const { refusal } = await trader(chain);
    const body = await refusal({ candidate: candidate(0.38), qty: 1 });
    expect(body.error).toBe('ENTRY_REJECTED');
    expect(body.received).toEqual({
      credit_to_width: 0.074,
      liquidity: [
        { leg: occ('put', 540), bid: 0.1, ask: 0.6, max_spread: 0.0875 },
        { leg: occ('call', 605), bid: 0, ask: 0.05, max_spread: 0.05 },
      ],
      quote_age: [
        { leg: occ('put', 540), age_seconds: 181_094 },
        { leg: occ('call', 605), age_seconds: 181_094 },
      ],
    });
    expect(body.message).toContain('The risk gate rejected the candidate. ');
    expect(body.message).toContain('The credit of $0.37 is 0.074 of the $5.00 wing width, below the 0.10 required.');
    expect(body.message).toContain(`${occ('put', 540)} is quoted 0.10/0.60: its $0.50 spread is wider than the $0.09 allowed`);
    expect(body.message).toContain(`${occ('call', 605)} has no bid`);
    expect(body.message).toContain(`The quote of ${occ('put', 540)} is 181094 s old; quotes older than 60 s are not used.`);
    expect(body.expected?.split('; ').map((part) => part.split(':')[0])).toEqual(['credit_to_width', 'liquidity', 'quote_age']);
    expect(body.suggestion).toContain('Search again with find_iron_condors');
  });

  it('refuses while the market is closed with market_closed alone: when it opens next, in ISO time and in words, and what to do', async () => {
    const { market, refusal } = await trader(GOOD);
    market.marketSession = { ...FIXTURE_CLOSED_SESSION, nextOpen: Date.UTC(2026, 0, 6, 14, 30), lastClose: Date.UTC(2026, 0, 5, 21) };
    const body = await refusal({ candidate: candidate(1.4), qty: 1 });
    expect(body).toMatchObject({
      error: 'ENTRY_REJECTED',
      received: {
        market_closed: {
          time: '2026-01-05T14:30:00.000Z',
          last_close: '2026-01-05T21:00:00.000Z',
          next_open: '2026-01-06T14:30:00.000Z',
          next_open_in_words: 'Tuesday 6 January 2026, 09:30 New York time, in 1 d',
        },
      },
    });
    expect(Object.keys(body.received ?? {})).toEqual(['market_closed']);
    expect(body.message).toBe(
      'The candidate cannot be proposed: the market is closed. It is Monday 5 January 2026, 09:30 New York time; the last session closed ' +
        'Monday 5 January 2026, 16:00 New York time. The market opens next on Tuesday 6 January 2026, 09:30 New York time (2026-01-06T14:30:00.000Z), in 1 d.',
    );
    expect(body.suggestion).toContain('Propose again once the market is open, from 2026-01-06T14:30:00.000Z.');
    expect(body.suggestion).toContain('find_iron_condors');
  });
});
