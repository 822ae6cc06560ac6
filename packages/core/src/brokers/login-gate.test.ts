import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { marketError } from '../condors/market-errors.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import { checkBrokerConnected } from './user-broker.js';

const DAY = 86_400_000;
const OWNER = '5c4ab000-0000-4000-8000-0000000000a1';
const SEALED = { keyId: 'k', nonce: 'bm9uY2U=', ciphertext: 'c2VhbGVk' };

const schwab = (loggedInAt: number, changes: Partial<BrokerLink> = {}): BrokerLink => ({
  ownerId: OWNER,
  broker: 'schwab',
  environment: 'live',
  apiKey: null,
  apiSecret: SEALED,
  keyHint: null,
  connectedAt: null,
  updatedAt: loggedInAt,
  accountNumber: '11112222',
  accountKey: 'HASH-H',
  loggedInAt,
  ...changes,
});

describe('the connected-broker gate of a link made by logging in at Schwab', () => {
  it('speaks of the login: ended, refused by Schwab, or with no account chosen; never of keys to enter', async () => {
    const services = createTestServices();
    const now = services.clock.now();
    const refusal = async (link: BrokerLink) => {
      await services.brokerLinks.put(link);
      return (await checkBrokerConnected(OWNER, services))._unsafeUnwrapErr();
    };
    const ended = await refusal(schwab(now - 8 * DAY));
    expect(ended).toMatchObject({ code: 'BROKER_NOT_CONNECTED', seeTool: 'get_broker_keys_link' });
    expect(ended.message).toContain('Your Schwab login ended');
    expect(ended.message).toContain('Log in at Schwab again');
    const refused = await refusal(schwab(now - DAY));
    expect(refused).toMatchObject({ code: 'BROKER_NOT_CONNECTED', seeTool: 'get_broker_keys_link' });
    expect(refused.message).toContain('Schwab stopped accepting condor’s access to your login.');
    const unchosen = await refusal(schwab(now - 60_000, { accountNumber: null, accountKey: null }));
    expect(unchosen).toMatchObject({ code: 'BROKER_NOT_CONNECTED', message: 'Your Schwab login has no account chosen yet.', seeTool: 'connect_broker' });
    for (const error of [ended, refused, unchosen]) expect(`${error.message ?? ''}${error.suggestion ?? ''}`).not.toContain('set_broker_keys');
    await services.brokerLinks.put(schwab(now - DAY, { connectedAt: now - DAY }));
    expect((await checkBrokerConnected(OWNER, services)).isOk()).toBe(true);
  });

  it('answers a market the ended login cannot serve as the account itself: BROKER_NOT_CONNECTED with the keys-page link', () => {
    const error = marketError({ kind: 'not_served', message: 'Schwab cannot serve your market data: your login ended.', suggestion: null, loginAt: 'Schwab' }, 'SPY');
    expect(error).toMatchObject({ code: 'BROKER_NOT_CONNECTED', seeTool: 'get_broker_keys_link' });
    expect(error.message).toContain('Log in at Schwab again');
    expect(marketError({ kind: 'not_served', message: 'The sandbox has no quotes.', suggestion: null }, 'SPY').code).toBe('SERVICE_UNAVAILABLE');
  });
});
