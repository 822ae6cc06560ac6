import { createTestServices, FakeBrokers } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { BrokerName } from '../ports/broker-link-store.js';
import { DEFAULT_CORE_CONFIG } from '../services.js';
import { chosenBroker, keysFromForm, offeredBrokers } from './broker-keys-fields.js';

const services = (available: readonly BrokerName[], liveTradingEnabled = false) =>
  createTestServices({ brokers: new FakeBrokers({ available }), config: { ...DEFAULT_CORE_CONFIG, liveTradingEnabled } });

describe('offeredBrokers', () => {
  it('offers the brokers the deployment has that take keys, each with its own field names and words, paper only by default', () => {
    expect(offeredBrokers(services(['sim', 'alpaca', 'tastytrade']))).toEqual([
      {
        broker: 'alpaca',
        title: 'Alpaca',
        fields: [
          { name: 'api_key', label: 'API key id' },
          { name: 'api_secret', label: 'API secret' },
        ],
        environments: [{ value: 'paper', words: 'Paper (no real money)' }],
        liveRefused: true,
      },
      {
        broker: 'tastytrade',
        title: 'tastytrade',
        fields: [
          { name: 'client_secret', label: 'OAuth client secret' },
          { name: 'refresh_token', label: 'refresh token (from the OAuth grant)' },
        ],
        environments: [{ value: 'paper', words: 'Paper = tastytrade’s sandbox (no real money)' }],
        liveRefused: true,
      },
    ]);
  });

  it('offers live where the deployment allows live trading', () => {
    const [, tastytrade] = offeredBrokers(services(['sim', 'alpaca', 'tastytrade'], true));
    expect(tastytrade?.environments.map((e) => e.value)).toEqual(['paper', 'live']);
    expect(tastytrade?.liveRefused).toBe(false);
  });

  it('leaves out a broker the deployment does not have, and offers none where it has only the simulated one', () => {
    expect(offeredBrokers(services(['sim', 'alpaca'])).map((b) => b.broker)).toEqual(['alpaca']);
    expect(offeredBrokers(services(['sim']))).toEqual([]);
  });
});

describe('chosenBroker', () => {
  const offered = offeredBrokers(services(['sim', 'alpaca', 'tastytrade']));

  it('is the one asked for when offered, else the first offered', () => {
    expect(chosenBroker(offered, 'tastytrade')?.broker).toBe('tastytrade');
    expect(chosenBroker(offered, undefined)?.broker).toBe('alpaca');
    expect(chosenBroker(offered, 'sim')?.broker).toBe('alpaca');
    expect(chosenBroker([], 'tastytrade')).toBeNull();
  });
});

describe('keysFromForm', () => {
  it('maps each broker’s own form fields onto set_broker_keys’ api_key and api_secret through its row', () => {
    expect(keysFromForm('tastytrade', { client_secret: 'cs', refresh_token: 'rt', api_key: 'ignored' })).toEqual({ api_key: 'cs', api_secret: 'rt' });
    expect(keysFromForm('alpaca', { api_key: 'k', api_secret: 's', client_secret: 'ignored' })).toEqual({ api_key: 'k', api_secret: 's' });
    expect(keysFromForm('tastytrade', { api_key: 'k', api_secret: 's' })).toEqual({ api_key: undefined, api_secret: undefined });
  });
});
