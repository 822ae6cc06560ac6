import { okAsync } from 'neverthrow';
import type { BrokerEnvironment, BrokerLink } from '../ports/broker-link-store.js';
import type { MarketData, MarketSource } from '../ports/market-data.js';
import type { Services } from '../services.js';
import { BROKERS } from './broker-table.js';
import { LinkMarketData } from './link-market-data.js';
import { openCredentials } from './sealed-keys.js';
import { SIMULATED_SOURCE } from '../market/market-sources.js';


const ENVIRONMENT_WORDS: Readonly<Record<BrokerEnvironment, string>> = { paper: 'paper', live: 'live' };

/** "your tastytrade account's market (live), read with your own link". */
export function linkSource(link: Pick<BrokerLink, 'broker' | 'environment'>): MarketSource {
  const { name } = BROKERS[link.broker].words;
  return { id: `${link.broker}:${link.environment}`, simulated: false, words: `your ${name} account's market (${ENVIRONMENT_WORDS[link.environment]}), read with your own link` };
}

/** What a person's market is: its data, where it comes from, and the notice shown beside simulated prices. */
export interface PersonMarket {
  readonly data: MarketData;
  readonly source: MarketSource;
  readonly notice: string | null;
}

/**
 * The market a person researches and trades on (design §17): their connected link's own market, read with their
 * own credentials, where the broker's row says `market: 'own'`; the simulated market for a link to the simulated
 * broker; the deployment's market for a person with no connected link. A link that cannot serve its market says so
 * on every call, naming the broker: never a silent fall back to another market.
 */
export function personMarket(link: BrokerLink | undefined, services: Services): PersonMarket {
  if (link?.connectedAt == null) return sourced(services.market, services.marketSource, services.marketNotice);
  switch (BROKERS[link.broker].capabilities.market) {
    case 'simulated':
      return sourced(services.simulatedMarket.data, SIMULATED_SOURCE, services.simulatedMarket.notice);
    case 'own':
      return ownMarket(link, services);
  }
}

const sourced = (data: MarketData, source: MarketSource, notice: string | null): PersonMarket => ({
  data: new LinkMarketData(source, () => okAsync(data)),
  source,
  notice,
});

function ownMarket(link: BrokerLink, services: Services): PersonMarket {
  const source = linkSource(link);
  const { brokers } = services;
  const open = () =>
    openCredentials(link, services).map((credentials) =>
      brokers.marketData === undefined ? null : brokers.marketData({ ownerId: link.ownerId, broker: link.broker, environment: link.environment, credentials }),
    );
  return { data: new LinkMarketData(source, open, BROKERS[link.broker].words.name), source, notice: null };
}

/**
 * The services of one person's call: `market` is theirs (opened lazily: a call that prices nothing opens no market),
 * and costs are estimated at their broker's own commission where its row knows it.
 */
export function servicesOfPerson(services: Services, link: BrokerLink | undefined): Services {
  const market = personMarket(link, services);
  const commission = link === undefined ? null : BROKERS[link.broker].capabilities.commissionPerContract;
  const config = commission === null ? services.config : { ...services.config, commissionPerContract: commission };
  return { ...services, config, market: market.data, marketSource: market.source, marketNotice: market.notice };
}
