import type { BrokerAccess, MarketData } from '@condor/core';
import { FakeBrokers, FixtureMarketData } from '@condor/testkit';
import { errAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { RoutedBrokers } from './routed-brokers.js';

describe('RoutedBrokers', () => {
  it('opens each account with the adapter of its broker and offers what the adapters offer', () => {
    const sim = new FakeBrokers({ available: ['sim'] });
    const alpaca = new FakeBrokers({ available: ['alpaca'] });
    const brokers = new RoutedBrokers({ sim, alpaca });
    expect(brokers.available).toEqual(['sim', 'alpaca']);
    brokers.open({ ownerId: 'u1', broker: 'alpaca', environment: 'paper', credentials: { kind: 'alpaca', apiKey: 'k', apiSecret: 's' } });
    brokers.open({ ownerId: 'u1', broker: 'sim', environment: 'paper', credentials: null });
    expect([sim.opened.map((a) => a.broker), alpaca.opened.map((a) => a.broker)]).toEqual([['sim'], ['alpaca']]);
  });

  it("lists a login's accounts with the adapter of its broker, and says when that adapter has none to list", async () => {
    const alpaca = new FakeBrokers({ available: ['alpaca'] });
    const tastytrade = new FakeBrokers({ available: ['tastytrade'] });
    tastytrade.setLoginAccounts('u1', [{ accountNumber: '5WT00001', description: 'Individual margin account (Main)', canTrade: true }]);
    // An adapter whose broker has one account per key pair lists none.
    const brokers = new RoutedBrokers({ alpaca: { available: ['alpaca'], open: (access) => alpaca.open(access) }, tastytrade });
    const access = { ownerId: 'u1', broker: 'tastytrade', environment: 'paper', credentials: { kind: 'tastytrade', clientSecret: 'c', refreshToken: 'r', accountNumber: null } } as const;
    expect((await brokers.listAccounts(access))._unsafeUnwrap()).toEqual([{ accountNumber: '5WT00001', description: 'Individual margin account (Main)', canTrade: true }]);
    expect((await brokers.listAccounts({ ...access, broker: 'alpaca' }))._unsafeUnwrapErr()).toEqual({ kind: 'unavailable', message: 'This deployment cannot list alpaca accounts.' });
    expect((await brokers.listAccounts({ ...access, broker: 'sim' }))._unsafeUnwrapErr().kind).toBe('unavailable');
  });

  it("keeps each login broker's login page from its own adapter, and none another adapter claims for a broker it does not route", () => {
    const flow = { origin: 'https://api.schwabapi.com', authorizeUrl: () => 'https://api.schwabapi.com/v1/oauth/authorize', exchangeCode: () => errAsync({ kind: 'unavailable' as const, message: 'x' }) };
    const sim = new FakeBrokers({ available: ['sim'] });
    const schwab = { available: ['schwab'] as const, open: (access: BrokerAccess) => sim.open(access), loginFlows: { schwab: flow } };
    const stray = { available: ['alpaca'] as const, open: (access: BrokerAccess) => sim.open(access), loginFlows: { schwab: { ...flow, origin: 'https://evil.example' } } };
    expect(new RoutedBrokers({ sim, schwab }).loginFlows).toEqual({ schwab: flow });
    expect(new RoutedBrokers({ sim, alpaca: stray }).loginFlows).toEqual({});
  });

  it('offers only the brokers it has', () => {
    expect(new RoutedBrokers({ sim: new FakeBrokers({ available: ['sim'] }) }).available).toEqual(['sim']);
  });
});

class CountingBrokers extends FakeBrokers {
  marketCount = 0;
  override marketData(): MarketData {
    this.marketCount += 1;
    return new FixtureMarketData();
  }
}

const access = (ownerId: string, apiKey = 'key'): BrokerAccess => ({ ownerId, broker: 'alpaca', environment: 'paper', credentials: { kind: 'alpaca', apiKey, apiSecret: 'secret' } });

describe('the routed brokers’ markets, one per link', () => {
  it('keeps one market per link, so its caches and request budget are that link’s alone', () => {
    const alpaca = new CountingBrokers({ available: ['alpaca'] });
    const brokers = new RoutedBrokers({ alpaca });
    const first = brokers.marketData(access('u1'));
    expect(brokers.marketData(access('u1'))).toBe(first);
    expect(brokers.marketData(access('u2'))).not.toBe(first);
    expect(brokers.marketData(access('u1', 'new-key'))).not.toBe(first);
    expect(alpaca.marketCount).toBe(3);
  });

  it('lets the least recently used market go beyond 500 links', () => {
    const alpaca = new CountingBrokers({ available: ['alpaca'] });
    const brokers = new RoutedBrokers({ alpaca });
    const first = brokers.marketData(access('u0'));
    const second = brokers.marketData(access('u1'));
    brokers.marketData(access('u0'));
    for (let i = 2; i <= 500; i += 1) brokers.marketData(access(`u${String(i)}`));
    expect(brokers.marketData(access('u0'))).toBe(first);
    expect(brokers.marketData(access('u1'))).not.toBe(second);
  });

  it('says a broker without an adapter here cannot serve a market', async () => {
    const brokers = new RoutedBrokers({ alpaca: new CountingBrokers({ available: ['alpaca'] }) });
    const failure = (await brokers.marketData({ ...access('u1'), broker: 'tastytrade' }).quote('SPY'))._unsafeUnwrapErr();
    expect(failure).toEqual({ kind: 'not_served', message: "This deployment cannot read tastytrade's market data.", suggestion: null });
  });
});
