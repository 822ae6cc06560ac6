import type { MultiLegOrder } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { entryLegs, exitLegs, failure, value, world } from './tastytrade-setup.js';

const condor = (limitPrice = -0.5): MultiLegOrder => ({ clientOrderId: 'p-dry', qty: 1, limitPrice, legs: entryLegs() });

describe('TastytradeBroker.dryRun', () => {
  it("answers the broker's fees and buying-power effect for an opening condor, placing nothing", async () => {
    const { broker, fake } = await world();
    // Wider wing 10 × 100 = 1000 margin; a 0.50 credit; fees 4 × (1.00 + 0.10 + 0.03).
    expect(value(await broker.dryRun(condor()))).toEqual({ fees: 4.52, buyingPowerChange: 954.52, buyingPowerAfter: 99_045.48, refusals: [], warnings: [] });
    expect(fake.book.orders).toEqual([]);
    const sent = fake.requests.find((r) => r.path === '/accounts/5WT00001/orders/dry-run');
    expect(sent?.body).toMatchObject({ price: '0.50', 'price-effect': 'Credit', 'external-identifier': 'p-dry' });
  });

  it('answers a close freeing buying power: the margin released less the debit and fees', async () => {
    const { broker } = await world();
    value(await broker.submit(condor()));
    const close = value(await broker.dryRun({ clientOrderId: 'p-dry-close', qty: 1, limitPrice: 3, legs: exitLegs() }));
    expect(close).toMatchObject({ fees: 0.52, buyingPowerChange: -699.48, refusals: [] });
  });

  it('refuses an opening order that needs more buying power than the account has, and passes on the warnings in words', async () => {
    const { broker, fake } = await world({ fake: { accounts: [{ accountNumber: '5WT00001', buyingPower: 500 }] } });
    fake.marketOpen = false;
    const dry = value(await broker.dryRun(condor()));
    expect(dry.buyingPowerAfter).toBeCloseTo(-454.52, 6);
    expect(dry.refusals).toEqual(['The order needs $954.52 of buying power; the account has $500.00.']);
    expect(dry.warnings).toEqual(['Your order will begin working during next valid session.', 'This order exceeds your buying power.']);
    const close = value(await broker.dryRun({ clientOrderId: 'p-dry-nothing', qty: 1, limitPrice: 3, legs: exitLegs() }));
    expect(close.warnings).toContain('You are closing a position you do not hold.');
    expect(close.refusals).toEqual([]);
  });

  it("answers tastytrade's preflight refusal as a refusal in its words, nothing charged and the buying power unchanged", async () => {
    const { broker } = await world();
    const buys = entryLegs().map((leg) => ({ symbol: leg.symbol, side: 'buy', intent: 'buy_to_open' }) as const);
    expect(value(await broker.dryRun({ clientOrderId: 'p-credit', qty: 1, limitPrice: -1, legs: buys }))).toEqual({
      fees: 0,
      buyingPowerChange: 0,
      buyingPowerAfter: 100_000,
      refusals: ['One or more preflight checks failed: You cannot buy for a credit.'],
      warnings: [],
    });
  });

  it('answers rejected for a dry run tastytrade will not run at all (not a preflight refusal)', async () => {
    const { broker, fake } = await world();
    fake.failNext(400, { path: '/dry-run', message: 'Malformed body' });
    expect(failure(await broker.dryRun(condor()))).toEqual({ kind: 'rejected', message: 'tastytrade refused the request (HTTP 400): Malformed body' });
  });

  it('retries a dry run after a 5xx, since it places nothing', async () => {
    const { broker, fake } = await world();
    fake.failNext(503, { path: '/dry-run' });
    expect(value(await broker.dryRun(condor())).fees).toBe(4.52);
    expect(fake.requests.filter((r) => r.path.endsWith('/dry-run'))).toHaveLength(2);
  });
});
