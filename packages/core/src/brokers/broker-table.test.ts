import { describe, expect, it } from 'vitest';
import { BROKER_NAMES, BROKERS, DEFAULT_BROKER, KEYED_BROKERS, LOGIN_BROKERS, type BrokerSpec } from './broker-table.js';
import { connectBroker } from './connect-broker.js';
import { accountWords } from './trading-account.js';

describe('BROKERS', () => {
  it('lists every broker once, the keyless default first; set_broker_keys takes keys only for brokers that have them', () => {
    expect(BROKER_NAMES).toEqual(['sim', 'alpaca', 'tastytrade', 'schwab']);
    expect(DEFAULT_BROKER).toBe('sim');
    expect(BROKERS[DEFAULT_BROKER].keys).toBeNull();
    expect(KEYED_BROKERS).toEqual(['alpaca', 'tastytrade']);
    expect(LOGIN_BROKERS).toEqual(['schwab']);
    const spec = (name: (typeof BROKER_NAMES)[number]): BrokerSpec => BROKERS[name];
    for (const name of BROKER_NAMES) expect(spec(name).keys !== null && spec(name).login !== null).toBe(false);
  });

  it('links Schwab by logging in, live only, for 7 days, trading the chosen account by its hash', () => {
    const { login, capabilities } = BROKERS.schwab;
    expect(capabilities.environments).toEqual(['live']);
    expect(login.lastsMs).toBe(7 * 86_400_000);
    expect(login.credentials('R', 1_000, 'HASH')).toEqual({ kind: 'schwab', refreshToken: 'R', refreshIssuedAt: 1_000, accountHash: 'HASH' });
  });

  it("maps set_broker_keys' two keys onto credentials of the broker's own kind", () => {
    for (const name of KEYED_BROKERS) expect(BROKERS[name].keys.credentials({ api_key: 'K', api_secret: 'S' }, null).kind).toBe(name);
    expect(BROKERS.alpaca.keys.credentials({ api_key: 'K', api_secret: 'S' })).toEqual({ kind: 'alpaca', apiKey: 'K', apiSecret: 'S' });
    expect(BROKERS.tastytrade.keys.credentials({ api_key: 'K', api_secret: 'S' }, '5WT00001')).toEqual({
      kind: 'tastytrade',
      clientSecret: 'K',
      refreshToken: 'S',
      accountNumber: '5WT00001',
    });
  });

  it("names each broker in the account's words and in connect_broker's description", () => {
    for (const name of BROKER_NAMES) {
      const [environment = 'paper'] = BROKERS[name].capabilities.environments;
      expect(accountWords(name, environment, false)).toMatch(new RegExp(`^${BROKERS[name].words.name}, ${environment} account`, 'i'));
      expect(connectBroker.description).toContain(`"${name}" ${BROKERS[name].words.connect}`);
    }
  });
});
