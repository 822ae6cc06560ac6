import { createTestServices, FakeBrokers, FixtureMarketData } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { BrokerAccess } from '../ports/broker.js';
import type { BrokerLink, BrokerName } from '../ports/broker-link-store.js';
import type { MarketData } from '../ports/market-data.js';
import { commissionOf } from '../costs/commission.js';
import { DEFAULT_CORE_CONFIG } from '../services.js';
import { personMarket, servicesOfPerson } from './person-market.js';
import { sealKeys } from './sealed-keys.js';

/** FakeBrokers with a market per link, recording every access it opened one for. */
class MarketBrokers extends FakeBrokers {
  override readonly marketsOpened: BrokerAccess[] = [];
  readonly markets = new Map<string, FixtureMarketData>();

  override marketData(access: BrokerAccess): MarketData {
    this.marketsOpened.push(access);
    const market = new FixtureMarketData();
    this.markets.set(access.ownerId, market);
    return market;
  }
}

async function linked(services: ReturnType<typeof createTestServices>, ownerId: string, broker: BrokerName, connected = true): Promise<BrokerLink> {
  const box = services.secrets;
  if (box === null) throw new Error('the test services seal keys');
  const sealed = (await sealKeys(box, ownerId, `key-of-${ownerId}`, `secret-of-${ownerId}`))._unsafeUnwrap();
  const link: BrokerLink = { ownerId, broker, environment: 'paper', apiKey: sealed.apiKey, apiSecret: sealed.apiSecret, keyHint: 'f-u1', connectedAt: connected ? 1 : null, updatedAt: 1 };
  await services.brokerLinks.put(link);
  return link;
}

describe("a person's market (design §17)", () => {
  it('is the deployment market, so named, for a person with no connected link', async () => {
    const services = createTestServices();
    const market = personMarket(await linked(services, 'u1', 'alpaca', false), services);
    expect(market.source).toBe(services.marketSource);
    expect((await market.data.session())._unsafeUnwrap().source).toBe(services.marketSource);
    expect(personMarket(undefined, services).source).toBe(services.marketSource);
  });

  it('is the simulated market for a link to the simulated broker, whatever the deployment prices on', async () => {
    const simulated = new FixtureMarketData();
    const services = createTestServices({ simulatedMarket: { data: simulated, notice: 'Simulated.' } });
    const market = personMarket(await linked(services, 'u1', 'sim'), services);
    expect([market.source.id, market.source.simulated, market.notice]).toEqual(['simulated', true, 'Simulated.']);
    expect((await market.data.riskFreeRate())._unsafeUnwrap()).toBe((await simulated.riskFreeRate())._unsafeUnwrap());
    expect((await market.data.session())._unsafeUnwrap()).toMatchObject({ source: { id: 'simulated' }, kind: (await simulated.session())._unsafeUnwrap().kind });
  });

  it("reads a linked account's own market with that person's keys, only once a price is wanted", async () => {
    const brokers = new MarketBrokers();
    const services = createTestServices({ brokers });
    const market = personMarket(await linked(services, 'u1', 'alpaca'), services);
    expect(market.source).toEqual({ id: 'alpaca:paper', simulated: false, words: "your Alpaca account's market (paper), read with your own link" });
    expect(brokers.marketsOpened).toEqual([]);
    expect((await market.data.session())._unsafeUnwrap().source).toEqual(market.source);
    expect((await market.data.riskFreeRate()).isOk()).toBe(true);
    expect(brokers.marketsOpened).toEqual([{ ownerId: 'u1', broker: 'alpaca', environment: 'paper', credentials: { kind: 'alpaca', apiKey: 'key-of-u1', apiSecret: 'secret-of-u1' } }]);
  });

  it("never lets one person's call read another's market", async () => {
    const brokers = new MarketBrokers();
    const services = createTestServices({ brokers });
    const [one, two] = [servicesOfPerson(services, await linked(services, 'u1', 'alpaca')), servicesOfPerson(services, await linked(services, 'u2', 'alpaca'))];
    await Promise.all([one.market.quote('SPY'), two.market.quote('QQQ')]);
    expect(brokers.marketsOpened.map((access) => [access.ownerId, access.credentials])).toEqual([
      ['u1', { kind: 'alpaca', apiKey: 'key-of-u1', apiSecret: 'secret-of-u1' }],
      ['u2', { kind: 'alpaca', apiKey: 'key-of-u2', apiSecret: 'secret-of-u2' }],
    ]);
  });

  it('says, naming the broker, when the deployment cannot read the link’s market: never another market instead', async () => {
    const fake = new FakeBrokers();
    const services = createTestServices({ brokers: { available: fake.available, open: (access) => fake.open(access) } });
    const market = personMarket(await linked(services, 'u1', 'tastytrade'), services);
    const failure = (await market.data.quote('SPY'))._unsafeUnwrapErr();
    expect(failure).toMatchObject({ kind: 'not_served', message: expect.stringContaining("tastytrade's market data") });
  });

  it('says so when the link’s keys can no longer be read', async () => {
    const brokers = new MarketBrokers();
    const services = createTestServices({ brokers });
    const link = await linked(services, 'u1', 'alpaca');
    const moved = { ...link, ownerId: 'u2' };
    const failure = (await personMarket(moved, services).data.optionChain('SPY', '2026-12-18'))._unsafeUnwrapErr();
    expect(failure).toMatchObject({ kind: 'not_served', message: expect.stringMatching(/^Alpaca cannot serve your market data: The stored broker keys can no longer be read/) });
    expect(brokers.marketsOpened).toEqual([]);
  });

  it("estimates a person's costs at their broker's own commission where its row knows it (Schwab's $0.65), else the deployment's", async () => {
    const services = createTestServices({ config: { ...DEFAULT_CORE_CONFIG, commissionPerContract: 0.1 } });
    const schwab: BrokerLink = { ...(await linked(services, 'u1', 'alpaca')), broker: 'schwab', environment: 'live', loggedInAt: 1 };
    expect(commissionOf(servicesOfPerson(services, schwab))).toBe(0.65);
    expect(commissionOf(servicesOfPerson(services, await linked(services, 'u2', 'alpaca')))).toBe(0.1);
    expect(commissionOf(servicesOfPerson(services, undefined))).toBe(0.1);
    expect(commissionOf(services)).toBe(0.1);
  });
});

