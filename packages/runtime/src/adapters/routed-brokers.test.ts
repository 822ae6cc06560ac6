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

  it('offers only the brokers it has', () => {
    expect(new RoutedBrokers({ sim: new FakeBrokers({ available: ['sim'] }) }).available).toEqual(['sim']);
  });
});
