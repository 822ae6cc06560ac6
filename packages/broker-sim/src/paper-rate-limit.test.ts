import { FakeClock, SeededIds } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { PaperRateLimit } from './paper-rate-limit.js';
import { SimBrokers } from './sim-brokers.js';
import { SimMarketData } from './sim-market-data.js';

describe('PaperRateLimit', () => {
  it('admits the minute’s calls, refuses the next until the minute ends, then starts over', () => {
    const limit = new PaperRateLimit(3);
    const start = Date.UTC(2026, 1, 10, 15, 0, 10);
    expect([limit.take(start), limit.take(start + 1), limit.take(start + 2)]).toEqual([undefined, undefined, undefined]);
    expect(limit.take(start + 3)).toEqual({ kind: 'rate_limited', retryAfterSeconds: 50 });
    expect(limit.take(start + 49_999)).toEqual({ kind: 'rate_limited', retryAfterSeconds: 1 });
    expect(limit.take(start + 50_000)).toBeUndefined();
  });
});

describe('SimBrokers request limit', () => {
  it('answers rate_limited past the per-minute calls of one account, and not for another account', async () => {
    const clock = new FakeClock(Date.UTC(2026, 1, 10, 15, 0, 0));
    const brokers = new SimBrokers(new SimMarketData(clock, 7), clock, new SeededIds(), { requestsPerMinute: 2 });
    const open = (ownerId: string) => brokers.open({ ownerId, broker: 'sim', environment: 'paper', credentials: null });
    const ann = open('ann');
    expect((await ann.verify()).isOk()).toBe(true);
    expect((await ann.positions()).isOk()).toBe(true);
    expect((await ann.orders('all'))._unsafeUnwrapErr()).toEqual({ kind: 'rate_limited', retryAfterSeconds: 60 });
    expect((await open('bob').verify()).isOk()).toBe(true);
    clock.advance(60_000);
    expect((await ann.verify()).isOk()).toBe(true);
  });
});

describe('SimBrokers demo holding', () => {
  it('gives each new account, when asked, one SPY call bought outside the service', async () => {
    const clock = new FakeClock(Date.UTC(2026, 1, 10, 15, 0, 0));
    const market = new SimMarketData(clock, 7);
    const plain = new SimBrokers(market, clock, new SeededIds()).open({ ownerId: 'ann', broker: 'sim', environment: 'paper', credentials: null });
    expect((await plain.positions())._unsafeUnwrap()).toEqual([]);
    const demo = new SimBrokers(market, clock, new SeededIds(), { outsidePosition: true }).open({ ownerId: 'ann', broker: 'sim', environment: 'paper', credentials: null });
    const held = (await demo.positions())._unsafeUnwrap();
    expect(held).toHaveLength(1);
    expect(held[0]?.symbol).toMatch(/^SPY\d{6}C\d{8}$/);
    expect(held[0]?.qty).toBe(1);
    expect((await demo.positions())._unsafeUnwrap()).toHaveLength(1);
  });
});
