import { createHash } from 'node:crypto';
import type { Broker, BrokerAccess, BrokerAccountChoice, BrokerError, BrokerLoginFlow, BrokerName, Brokers, MarketData } from '@condor/core';
import { unservedMarket } from '@condor/core';
import { errAsync, type ResultAsync } from 'neverthrow';

/** How many people's markets are kept open at once; the least recently used goes first (its caches with it). */
const KEPT_MARKETS = 500;

/**
 * The brokers of a deployment in one: each account opens with the adapter of its broker (the simulated paper
 * broker, Alpaca, tastytrade, Schwab), a login's accounts are listed and a broker's login page kept by its broker's adapter. Live accounts are
 * refused by core unless the deployment enables them.
 */
export class RoutedBrokers implements Brokers {
  readonly available: readonly BrokerName[];
  /** The login pages of the brokers linked by logging in there, from their adapters. */
  readonly loginFlows: Readonly<Partial<Record<BrokerName, BrokerLoginFlow>>>;
  /** One market per link, by owner, broker, environment and a digest of the credentials (new keys: a new market). */
  private readonly markets = new Map<string, MarketData>();

  constructor(private readonly byName: Readonly<Partial<Record<BrokerName, Brokers>>>) {
    this.available = (Object.keys(byName) as BrokerName[]).filter((name) => byName[name]?.available.includes(name) === true);
    this.loginFlows = Object.fromEntries(this.available.flatMap((name) => Object.entries(byName[name]?.loginFlows ?? {}).filter(([flow]) => flow === name)));
  }

  open(access: BrokerAccess): Broker {
    const brokers = this.byName[access.broker];
    if (brokers === undefined) throw new Error(`no adapter for broker ${access.broker}`);
    return brokers.open(access);
  }

  listAccounts(access: BrokerAccess): ResultAsync<readonly BrokerAccountChoice[], BrokerError> {
    const brokers = this.byName[access.broker];
    if (brokers?.listAccounts === undefined) return errAsync({ kind: 'unavailable', message: `This deployment cannot list ${access.broker} accounts.` });
    return brokers.listAccounts(access);
  }

  /** The link's own market, kept while the link is used: its caches and request budget are the link's alone. */
  marketData(access: BrokerAccess): MarketData {
    const brokers = this.byName[access.broker];
    if (brokers?.marketData === undefined) return unservedMarket(`This deployment cannot read ${access.broker}'s market data.`);
    const key = linkKey(access);
    const kept = this.markets.get(key);
    this.markets.delete(key);
    const market = kept ?? brokers.marketData(access);
    this.markets.set(key, market);
    if (this.markets.size > KEPT_MARKETS) this.markets.delete(this.markets.keys().next().value as string);
    return market;
  }
}

function linkKey({ ownerId, broker, environment, credentials }: BrokerAccess): string {
  const keys = createHash('sha256').update(JSON.stringify(credentials)).digest('base64url');
  return `${ownerId}|${broker}|${environment}|${keys}`;
}
