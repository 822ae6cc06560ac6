import type { Broker, BrokerAccess, BrokerError, BrokerName, BrokerOrder, Brokers, Clock, Ids, MarketData } from '@condor/core';
import { errAsync, type ResultAsync } from 'neverthrow';
import { PaperAccount } from './paper-account.js';
import { PaperBroker, type PaperDesk } from './paper-broker.js';
import { PaperFaults } from './paper-faults.js';
import { PaperRateLimit } from './paper-rate-limit.js';
import { hashString } from './prng.js';
import { SerialQueue } from './serial-queue.js';

export interface SimBrokersOptions {
  /** Cash each new paper account starts with, dollars (default 100,000). */
  readonly startingCash?: number;
  /** Calls each paper account may make per minute before the broker answers rate_limited (default 200, as Alpaca). */
  readonly requestsPerMinute?: number;
  /** For demos: each new account also holds one SPY call bought outside the service, so NOT_SERVICE_MANAGED can be seen. */
  readonly outsidePosition?: boolean;
}

/** Every simulated order id starts with this, then a UUID from the injected `Ids`. */
export const SIM_ORDER_PREFIX = 'sim-order-';

const DEFAULT_STARTING_CASH = 100_000;
const DEFAULT_REQUESTS_PER_MINUTE = 200;

/** A broker for a name this deployment does not simulate: every call fails. */
function notOffered(name: BrokerName): Broker {
  const error: BrokerError = { kind: 'unavailable', message: `SimBrokers only opens simulated (sim) accounts, not ${name}` };
  const failure = (): ResultAsync<never, BrokerError> => errAsync(error);
  return { verify: failure, positions: failure, orders: failure, submit: failure, orderByClientId: failure, cancel: failure };
}

/**
 * The simulated paper broker: one in-memory paper account per owner (credentials ignored), trading the
 * simulated market at the clock's time. Fills are deterministic; account ids are a hash of the owner id;
 * order ids are `sim-order-` and a UUID from `ids`, so with random ids (the runtime's) an order id tells
 * nothing of any other order and is never reused, across restarts too. The fault controls script broker
 * failures for tests and the demo.
 * @example
 * const brokers = new SimBrokers(new SimMarketData(clock, 7), clock, new CryptoIds());
 * const broker = brokers.open({ ownerId: 'u1', broker: 'sim', environment: 'paper', credentials: null });
 * brokers.loseNextSubmitAck('u1'); // the next submit places the order but answers `unavailable`
 */
export class SimBrokers implements Brokers {
  readonly available: readonly BrokerName[] = ['sim'];
  private readonly desks = new Map<string, PaperDesk>();

  constructor(
    private readonly market: MarketData,
    private readonly clock: Clock,
    private readonly ids: Ids,
    private readonly options: SimBrokersOptions = {},
  ) {}

  open(access: BrokerAccess): Broker {
    if (access.broker !== 'sim') return notOffered(access.broker);
    return new PaperBroker(this.desk(access.ownerId), this.market, this.clock, () => `${SIM_ORDER_PREFIX}${this.ids.uuid()}`);
  }

  /** While `on`, every cancel of the owner's orders is refused with a broker message. */
  refuseCancels(ownerId: string, on: boolean): void {
    this.desk(ownerId).faults.refuseCancels = on;
  }

  /** The owner's next `calls` broker calls (any method) fail with `rate_limited`. */
  rateLimit(ownerId: string, calls: number, retryAfterSeconds: number): void {
    this.desk(ownerId).faults.rateLimit(calls, retryAfterSeconds);
  }

  /** The owner's next submit places the order but answers `unavailable` ('timeout'): the lost acknowledgement. */
  loseNextSubmitAck(ownerId: string): void {
    this.desk(ownerId).faults.loseNextSubmitAck();
  }

  /** The owner's next submit answers `unavailable` without placing anything. */
  failNextSubmit(ownerId: string): void {
    this.desk(ownerId).faults.failNextSubmit();
  }

  /** Gives the owner a position not opened through the service (signed qty, 0 removes it); price per share. */
  holdExternalPosition(ownerId: string, symbol: string, qty: number, avgPrice: number): void {
    this.desk(ownerId).account.hold(symbol, qty, avgPrice);
  }

  /** How many submits the owner's account received, refused and faulted ones included. */
  submitCount(ownerId: string): number {
    return this.desk(ownerId).account.submitCount();
  }

  /** Every order placed in the owner's account, newest first. */
  allOrders(ownerId: string): readonly BrokerOrder[] {
    return this.desk(ownerId).account.orders('all');
  }

  private desk(ownerId: string): PaperDesk {
    let desk = this.desks.get(ownerId);
    if (!desk) {
      const accountId = `sim-${hashString(ownerId).toString(16).padStart(8, '0')}`;
      desk = {
        account: new PaperAccount(accountId, this.options.startingCash ?? DEFAULT_STARTING_CASH),
        faults: new PaperFaults(),
        queue: new SerialQueue(),
        rateLimit: new PaperRateLimit(this.options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE),
        pendingOutsidePosition: this.options.outsidePosition === true,
      };
      this.desks.set(ownerId, desk);
    }
    return desk;
  }
}
