import type { MultiLegOrder } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { entryLegs, exitLegs, failure, value, world } from './tastytrade-setup.js';

const condor = (limitPrice = -0.5): MultiLegOrder => ({ clientOrderId: 'p-dry', qty: 1, limitPrice, legs: entryLegs() });

describe('TastytradeBroker.dryRun', () => {
  it("answers the broker's fees and buying-power effect for an opening condor, placing nothing", async () => {
    const { broker, fake } = await world();
    // Wider wing 10 × 100 = 1000 margin; a 0.50 credit; fees 4 × (1.00 + 0.10 + 0.03).
    expect(value(await broker.dryRun(condor()))).toEqual({
      fees: 4.52,
      buyingPowerEffect: 954.52,
      marginRequirement: 1000,
      currentBuyingPower: 100_000,
      newBuyingPower: 99_045.48,
      warnings: [],
      errors: [],
    });
    expect(fake.book.orders).toEqual([]);
    const sent = fake.requests.find((r) => r.path === '/accounts/5WT00001/orders/dry-run');
    expect(sent?.body).toMatchObject({ price: '0.50', 'price-effect': 'Credit', 'external-identifier': 'p-dry' });
  });

  it('answers a close freeing buying power: the margin released less the debit and fees', async () => {
    const { broker } = await world();
    value(await broker.submit(condor()));
    const close = value(await broker.dryRun({ clientOrderId: 'p-dry-close', qty: 1, limitPrice: 3, legs: exitLegs() }));
    expect(close).toMatchObject({ fees: 0.52, buyingPowerEffect: -699.48, marginRequirement: 0 });
  });

  it('passes on the warnings: more than the buying power, a closed market, a close of what is not held', async () => {
    const { broker, fake } = await world({ fake: { accounts: [{ accountNumber: '5WT00001', buyingPower: 500 }] } });
    fake.marketOpen = false;
    const dry = value(await broker.dryRun(condor()));
    expect(dry.newBuyingPower).toBeCloseTo(-454.52, 6);
    expect(dry.warnings.map((w) => w.code)).toEqual(['tif.next_valid_session', 'insufficient_buying_power']);
    const close = value(await broker.dryRun({ clientOrderId: 'p-dry-nothing', qty: 1, limitPrice: 3, legs: exitLegs() }));
    expect(close.warnings.map((w) => w.code)).toContain('closing_with_no_position');
  });

  it("answers rejected with tastytrade's nested reason for an order it would refuse", async () => {
    const { broker } = await world();
    const buys = entryLegs().map((leg) => ({ symbol: leg.symbol, side: 'buy', intent: 'buy_to_open' }) as const);
    expect(failure(await broker.dryRun({ clientOrderId: 'p-credit', qty: 1, limitPrice: -1, legs: buys }))).toEqual({
      kind: 'rejected',
      message: 'tastytrade refused the request (HTTP 422): One or more preflight checks failed: You cannot buy for a credit.',
    });
  });

  it('retries a dry run after a 5xx, since it places nothing', async () => {
    const { broker, fake } = await world();
    fake.failNext(503, { path: '/dry-run' });
    expect(value(await broker.dryRun(condor())).fees).toBe(4.52);
    expect(fake.requests.filter((r) => r.path.endsWith('/dry-run'))).toHaveLength(2);
  });
});
