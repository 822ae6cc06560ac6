import { BROKERS, LOGIN_BROKERS } from '../brokers/broker-table.js';
import { liveTradingRefusal } from '../brokers/live-trading.js';
import type { BrokerName } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';

/** A broker the broker-keys page offers to link by logging in there. */
export interface LoginChoice {
  readonly broker: BrokerName;
  readonly title: string;
  readonly short: string;
  /** The origin of its login page, where the page's form leads. */
  readonly origin: string;
}

/** The brokers this deployment links by logging in: in the table's order, with their app registered, and live trading enabled (they are live only). */
export function offeredLogins(services: Services): readonly LoginChoice[] {
  return LOGIN_BROKERS.flatMap((broker) => {
    const flow = services.brokers.loginFlows?.[broker];
    const live = BROKERS[broker].capabilities.environments.some((environment) => liveTradingRefusal(environment, services) === null);
    if (flow === undefined || !live || !services.brokers.available.includes(broker)) return [];
    return [{ broker, title: BROKERS[broker].words.name, short: BROKERS[broker].words.short, origin: flow.origin }];
  });
}
