import { describe, expect, it } from 'vitest';
import { createTestServices, FakeBrokers, FixtureMarketData } from '@condor/testkit';
import { onboardedUser } from '../approval/approval-fixture.js';
import { execute } from '../operations/execute.js';
import type { OptionContract } from '../ports/market-data.js';
import { personPricingDefaults, setPersonPricingDefaults } from './pricing-settings.js';

const EXPIRY = '2026-02-20';
const QUOTED = Date.UTC(2026, 0, 5, 14, 30);
const occ = (type: 'put' | 'call', strike: number): string => `SPY260220${type === 'put' ? 'P' : 'C'}00${String(strike)}000`;
const contract = (type: 'put' | 'call', strike: number, bid: number, ask: number): OptionContract => ({
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
  quoteTime: QUOTED,
});
const leg = (type: 'put' | 'call', strike: number) => ({ occ_symbol: occ(type, strike), type, strike });
const CANDIDATE = {
  ticker: 'SPY',
  expiry: EXPIRY,
  net_credit: 1.4,
  legs: { long_put: leg('put', 540), short_put: leg('put', 545), short_call: leg('call', 600), long_call: leg('call', 605) },
};
// Mid credit 1.40 (2.125 + 1.825 − 1.525 − 1.025); natural 1.30 (2.10 + 1.80 − 1.55 − 1.05).
const CHAIN = [contract('put', 540, 1.5, 1.55), contract('put', 545, 2.1, 2.15), contract('call', 600, 1.8, 1.85), contract('call', 605, 1.0, 1.05)];

async function person() {
  const market = new FixtureMarketData({ SPY: { quote: { symbol: 'SPY', bid: 570, ask: 570.02, last: 570.01, time: QUOTED }, chains: { [EXPIRY]: CHAIN } } });
  const services = createTestServices({ market, brokers: new FakeBrokers() });
  const { userId, accessToken } = await onboardedUser(services, 'defaults@example.com', 'defaults password 1');
  const propose = async (input: Record<string, unknown> = {}) =>
    ((await execute('propose_entry', { candidate: CANDIDATE, qty: 1, min_credit_to_width: 0.1, ...input }, { services, credential: accessToken, requestId: 'r', batchKey: null }))._unsafeUnwrap().value as {
      details: { pricing: { mode: string; start_price: number; worst_price: number } };
    }).details.pricing;
  return { services, userId, propose };
}

describe("a person's default price band", () => {
  it('is the house default until set, then every proposal without its own band uses it; a proposal’s own pricing still wins', async () => {
    const { services, userId, propose } = await person();
    expect(await propose()).toMatchObject({ mode: 'normal', start_price: -1.4, worst_price: -1.35 });
    (await setPersonPricingDefaults(services, userId, { mode: 'patient', worstFromMid: '0.08' }))._unsafeUnwrap();
    expect(await personPricingDefaults(services, userId)).toMatchObject({ mode: 'patient', worstFromMid: 0.08 });
    expect(await propose()).toMatchObject({ mode: 'patient', start_price: -1.4, worst_price: -1.32 });
    expect(await propose({ pricing: { mode: 'fast', worst_price: -1.38 } })).toMatchObject({ mode: 'fast', worst_price: -1.38 });
    // Never past the natural price, whatever the default says.
    (await setPersonPricingDefaults(services, userId, { mode: '', worstFromMid: '0.50' }))._unsafeUnwrap();
    expect(await propose()).toMatchObject({ mode: 'normal', worst_price: -1.3 });
    (await setPersonPricingDefaults(services, userId, { mode: '', worstFromMid: '' }))._unsafeUnwrap();
    expect(await propose()).toMatchObject({ mode: 'normal', worst_price: -1.35 });
  });

  it('refuses a mode it does not know and a distance outside $0.01–$1.00 or finer than a cent, changing nothing', async () => {
    const { services, userId } = await person();
    for (const [mode, worstFromMid, code] of [
      ['reckless', '', 'INVALID_VALUE'],
      ['', '0', 'OUT_OF_RANGE'],
      ['', '1.01', 'OUT_OF_RANGE'],
      ['', '0.125', 'OUT_OF_RANGE'],
      ['', 'ten cents', 'OUT_OF_RANGE'],
    ] as const) {
      expect((await setPersonPricingDefaults(services, userId, { mode, worstFromMid }))._unsafeUnwrapErr().code, `${mode}/${worstFromMid}`).toBe(code);
    }
    expect(await personPricingDefaults(services, userId)).toMatchObject({ mode: null, worstFromMid: null });
  });
});
