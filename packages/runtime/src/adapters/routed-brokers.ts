import type { Broker, BrokerAccess, BrokerAccountChoice, BrokerError, BrokerName, Brokers } from '@condor/core';
import { errAsync, type ResultAsync } from 'neverthrow';

/**
 * The brokers of a deployment in one: each account opens with the adapter of its broker (the simulated paper
 * broker, Alpaca, tastytrade), and a login's accounts are listed by its broker's adapter. Live accounts are
 * refused by core unless the deployment enables them.
 */
export class RoutedBrokers implements Brokers {
  readonly available: readonly BrokerName[];

  constructor(private readonly byName: Readonly<Partial<Record<BrokerName, Brokers>>>) {
    this.available = (Object.keys(byName) as BrokerName[]).filter((name) => byName[name]?.available.includes(name) === true);
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
}
