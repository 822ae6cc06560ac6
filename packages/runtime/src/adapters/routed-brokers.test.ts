import { FakeBrokers } from '@condor/testkit';
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

  it('offers only the brokers it has', () => {
    expect(new RoutedBrokers({ sim: new FakeBrokers({ available: ['sim'] }) }).available).toEqual(['sim']);
  });
});
