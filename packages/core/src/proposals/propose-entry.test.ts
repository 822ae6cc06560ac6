import { createTestServices, FakeBrokers, FIXTURE_CLOSED_SESSION, FixtureMarketData } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { ErrorResult } from '../errors/error-result.js';
import { execute } from '../operations/execute.js';
import type { OptionContract } from '../ports/market-data.js';
import { contract, GOOD_CHAIN, leg, occ, QUOTED, spyCandidate, spyQuotes } from './spy-chain-fixture.js';

/** propose_entry through `execute` against a fixture chain and FakeBrokers: what its gate admits and how it says no. */

const candidate = spyCandidate;
const GOOD = GOOD_CHAIN;

async function trader(chain: readonly OptionContract[], { buyingPower = 100_000 } = {}) {
  const market = new FixtureMarketData(spyQuotes(chain));
  const services = createTestServices({ market, brokers: new FakeBrokers({ buyingPower }) });
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

  it('records what the order costs, takes from buying power and runs into before expiry, and names the account', async () => {
    const { call } = await trader(GOOD);
    const answer = (await call('propose_entry', { candidate: candidate(1.4), qty: 2 }))._unsafeUnwrap().value as Record<string, unknown>;
    const details = answer['details'] as Record<string, unknown>;
    // 8 contracts to open: ORF 0.2148 → 0.22, OCC 0.16, TAF 0.01116 → 0.02, SEC on $790 sold 0.021962 → 0.03, CAT 0.0368 → 0.04.
    expect(details['costs']).toMatchObject({ qty: 2, commission_per_contract: 0, open: { orf: 0.22, occ: 0.16, taf: 0.02, sec: 0.03, cat: 0.04, total: 0.47 } });
    expect(details['buying_power']).toEqual({ reduction: 720, return_on_buying_power: 0.3889 });
    // Martin Luther King Day and Presidents' Day fall before the 20 Feb expiry.
    expect((details['flags'] as { code: string; date: string }[]).map((f) => [f.code, f.date])).toEqual([
      ['holiday_before_expiry', '2026-01-19'],
      ['holiday_before_expiry', '2026-02-16'],
    ]);
    const perShare = ((details['costs'] as { total: number }).total) / 200;
    expect(details['expected_value_after_costs']).toBeCloseTo((details['expected_value'] as number) - perShare, 4);
    expect(details['pop_after_costs']).toBeLessThan(details['pop'] as number);
    expect(answer['account']).toEqual({ broker: 'sim', environment: 'paper', simulated_market: false, words: 'Simulated paper broker, paper account — no real money; real market quotes.' });
    expect(answer['ticket']).toMatchObject({ buying_power: { reduction: 720 }, flags: [{ code: 'holiday_before_expiry' }, { code: 'holiday_before_expiry' }] });
  });

  it("refuses an order whose buying power and opening fees exceed the account's options buying power, saying both", async () => {
    const { call, refusal } = await trader(GOOD, { buyingPower: 500 });
    // One contract takes $360 plus $0.23 of fees: admitted. Two take $720.47: refused.
    expect((await call('propose_entry', { candidate: candidate(1.4), qty: 1, max_risk: 1_000 })).isOk()).toBe(true);
    const body = await refusal({ candidate: candidate(1.4), qty: 2, max_risk: 1_000 });
    expect(body.error).toBe('ENTRY_REJECTED');
    expect(body.received).toEqual({ buying_power: { needed: 720.47, available: 500 } });
    expect(body.message).toContain('The order takes $720.00 of options buying power (the wider wing × 100 × qty less the credit) and $0.47 in fees, $720.47 in all; the account has $500.00.');
  });

  it('flags earnings before expiry, and refuses them only when refuse_flags says so', async () => {
    const { market, call, refusal } = await trader(GOOD);
    market.setEvents('SPY', { earnings: ['2026-02-10', '2026-04-28'], dividends: [] });
    const admitted = (await call('propose_entry', { candidate: candidate(1.4), qty: 1 }))._unsafeUnwrap().value as { details: { flags: { code: string }[] } };
    expect(admitted.details.flags.filter((f) => f.code === 'earnings_before_expiry')).toEqual([expect.objectContaining({ date: '2026-02-10' })]);
    const body = await refusal({ candidate: candidate(1.4), qty: 1, refuse_flags: ['earnings_before_expiry'] });
    expect(body.received).toEqual({ earnings_before_expiry: '2026-02-10' });
    expect(body.message).toContain('Earnings are due on 2026-02-10, before expiry');
    const invalid = await refusal({ candidate: candidate(1.4), qty: 1, refuse_flags: ['full_moon'] });
    expect(invalid.error).not.toBe('ENTRY_REJECTED');
  });

  it('flags early assignment for a short call deep in the money with less time value than a dividend going ex before expiry', async () => {
    // Spot 570.01; the short 560 call is $10.01 in the money and priced 10.05: $0.04 of time value against a $1.50 dividend.
    const deep = [contract('put', 540, 0.3, 0.32), contract('put', 545, 0.5, 0.52), contract('call', 560, 10.04, 10.06), contract('call', 565, 5.6, 5.62)];
    const { market, call } = await trader(deep);
    market.setEvents('SPY', { earnings: [], dividends: [{ exDate: '2026-02-12', amount: 1.5 }] });
    const itm = { ...candidate(4.63), legs: { ...candidate(4.63).legs, short_call: leg('call', 560), long_call: leg('call', 565) } };
    const answer = (await call('propose_entry', { candidate: itm, qty: 1 }))._unsafeUnwrap().value as { details: { flags: { code: string; date: string }[] } };
    expect(answer.details.flags.filter((f) => f.code === 'early_assignment_risk')).toEqual([expect.objectContaining({ date: '2026-02-12' })]);
  });
});
