import { describe, expect, it } from 'vitest';
import { createTestServices, FakeBrokers, FixtureMarketData } from '@condor/testkit';
import { onboardedUser } from '../approval/approval-fixture.js';
import { execute } from '../operations/execute.js';
import { GOOD_CHAIN, spyCandidate, spyQuotes } from '../proposals/spy-chain-fixture.js';
import { personPricingDefaults, setPersonPricingDefaults } from './pricing-settings.js';

async function person() {
  const services = createTestServices({ market: new FixtureMarketData(spyQuotes(GOOD_CHAIN)), brokers: new FakeBrokers() });
  const { userId, accessToken } = await onboardedUser(services, 'defaults@example.com', 'defaults password 1');
  const propose = async (input: Record<string, unknown> = {}) =>
    ((await execute('propose_entry', { candidate: spyCandidate(1.4), qty: 1, min_credit_to_width: 0.1, ...input }, { services, credential: accessToken, requestId: 'r', batchKey: null }))._unsafeUnwrap().value as {
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
