import type { Broker, BrokerAccess, BrokerName, Brokers } from '@condor/core';

/**
 * The brokers of a deployment in one: each account opens with the adapter of its broker (the simulated
 * paper broker, Alpaca). Live accounts are refused by core unless the deployment enables them.
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
}
