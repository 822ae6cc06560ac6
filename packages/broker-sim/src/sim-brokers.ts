import type {
  Broker,
  BrokerAccess,
  BrokerName,
  BrokerOrder,
  Brokers,
  Clock,
  Ids,
  MarketData,
  PaperHolding,
  PaperLedger,
  PaperOpening,
} from '@condor/core';
import { failingBroker, hashString } from '@condor/core';
import { okAsync } from 'neverthrow';
import { atMidFills } from './at-mid-fills.js';
import { MemoryPaperLedger } from './memory-paper-ledger.js';
import { removeLegOutside, type OutsideLegChange } from './outside-leg-change.js';
import { outsidePosition } from './outside-position.js';
import { PaperBooks } from './paper-books.js';
import { PaperBroker, type PaperDesk } from './paper-broker.js';
import { PaperFaults } from './paper-faults.js';
import type { PaperFills } from './paper-fills.js';
import { PaperRateLimit } from './paper-rate-limit.js';
import { realisticFills } from './realistic-fills.js';
import { SerialQueue } from './serial-queue.js';

export interface SimBrokersOptions {
  /**
   * Where the paper accounts live: the runtime passes the database's, so a restart forgets nothing and
   * instances on one database share each account. Default: this process's memory (tests, demos).
   */
  readonly ledger?: PaperLedger;
  /** Cash each new paper account starts with, dollars (default 100,000). */
  readonly startingCash?: number;
  /** Calls each paper account may make per minute (per process) before the broker answers rate_limited (default 200, as Alpaca). */
  readonly requestsPerMinute?: number;
  /** For demos: each new account also holds one SPY call bought outside the service, so NOT_SERVICE_MANAGED can be seen. */
  readonly outsidePosition?: boolean;
  /**
   * How orders fill (default `at_mid`): `realistic` judges each working order every 5 s with the seeded fill model
   * (docs/fill-model.md: a fill more likely the nearer the limit is to the natural price, whole condors, in part);
   * `at_mid` fills a limit at or through the net mid, or a cent inside it, whole and at once.
   */
  readonly fills?: SimFills;
  /** The realistic fill model's seed (default 28): the same seed, orders and market give the same fills. */
  readonly fillSeed?: number;
}

/** The simulated broker's fill models, by name. */
export type SimFills = 'realistic' | 'at_mid';

const FILL_MODELS = {
  realistic: realisticFills,
  at_mid: () => atMidFills,
} as const satisfies Record<SimFills, (seed: number) => PaperFills>;

/** Every simulated order id starts with this, then a UUID from the injected `Ids`. */
export const SIM_ORDER_PREFIX = 'sim-order-';

const DEFAULT_STARTING_CASH = 100_000;
const DEFAULT_REQUESTS_PER_MINUTE = 200;
const DEFAULT_FILL_SEED = 28;

/**
 * The simulated paper broker: one paper account per owner (credentials ignored), kept in the ledger
 * (the database in a deployment) so that a restart forgets nothing and every instance on one database
 * trades the same account, trading the simulated market at the clock's time. Fills are deterministic (seeded);
 * account ids are a hash of the owner id; order ids are `sim-order-` and a UUID from `ids`, so with
 * random ids (the runtime's) an order id tells nothing of any other order and is never reused. The
 * fault controls script broker failures for tests and the demo, in this process.
 * @example
 * const brokers = new SimBrokers(new SimMarketData(clock, 7), clock, new CryptoIds(), { ledger: new SqlPaperLedger(db) });
 * const broker = brokers.open({ ownerId: 'u1', broker: 'sim', environment: 'paper', credentials: null });
 * brokers.loseNextSubmitAck('u1'); // the next submit places the order but answers `unavailable`
 */
export class SimBrokers implements Brokers {
  readonly available: readonly BrokerName[] = ['sim'];
  private readonly desks = new Map<string, PaperDesk>();
  private readonly ledger: PaperLedger;
  private readonly books: PaperBooks;
  private readonly fills: PaperFills;

  constructor(
    private readonly market: MarketData,
    private readonly clock: Clock,
    private readonly ids: Ids,
    private readonly options: SimBrokersOptions = {},
  ) {
    this.ledger = options.ledger ?? new MemoryPaperLedger();
    this.books = new PaperBooks(this.ledger, (ownerId) => this.opening(ownerId));
    this.fills = FILL_MODELS[options.fills ?? 'at_mid'](options.fillSeed ?? DEFAULT_FILL_SEED);
  }

  open(access: BrokerAccess): Broker {
    if (access.broker !== 'sim') return failingBroker({ kind: 'unavailable', message: `SimBrokers only opens simulated (sim) accounts, not ${access.broker}` });
    return new PaperBroker(this.desk(access.ownerId), this.books, this.market, this.clock, () => `${SIM_ORDER_PREFIX}${this.ids.uuid()}`, this.fills);
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
  async holdExternalPosition(ownerId: string, symbol: string, qty: number, avgPrice: number): Promise<void> {
    const held = await this.desk(ownerId).queue.run(() =>
      this.books.transact(ownerId, (account) => {
        account.hold(symbol, qty, avgPrice);
        return okAsync(undefined);
      }),
    );
    if (held.isErr()) throw new Error(`could not hold ${symbol}: ${JSON.stringify(held.error)}`);
  }

  /**
   * Closes the owner's whole holding of one contract outside condor, at its current mark (cash adjusted, working
   * orders that trade it cancelled), as Alpaca's expiry-day risk desk closed only the short leg of a spread
   * (alpaca-py #774). The other legs stay; throws when the contract is not held.
   * @example await brokers.closeLegOutside(userId, 'SPY261218P00545000'); // the put spread is now one long put
   */
  closeLegOutside(ownerId: string, symbol: string): Promise<void> {
    return this.changeLegOutside(ownerId, symbol, 'closed');
  }

  /**
   * Takes one contract out of the owner's account as an assignment (short) or exercise (long) would, the
   * delivered shares settled at the underlying's last price: cash moves by the intrinsic value. Throws when the
   * contract is not held.
   */
  assignLeg(ownerId: string, symbol: string): Promise<void> {
    return this.changeLegOutside(ownerId, symbol, 'assigned');
  }

  /** How many submits this process received for the owner, refused and faulted ones included. */
  submitCount(ownerId: string): number {
    return this.desk(ownerId).submits;
  }

  /** Every order placed in the owner's account, newest first, as stored (no fill or expiry is applied). */
  async allOrders(ownerId: string): Promise<readonly BrokerOrder[]> {
    const book = await this.ledger.load(ownerId);
    return (book?.orders ?? []).map((r) => r.order).reverse();
  }

  private async changeLegOutside(ownerId: string, symbol: string, how: OutsideLegChange): Promise<void> {
    const changed = await this.desk(ownerId).queue.run(() => this.books.transact(ownerId, (account) => removeLegOutside(account, this.market, symbol, how)));
    if (changed.isErr()) throw new Error(`could not remove ${symbol} outside condor: ${JSON.stringify(changed.error)}`);
  }

  /** A new account: the starting cash and, for demos, the contract bought outside the service (none when the market cannot say). */
  private async opening(ownerId: string): Promise<PaperOpening> {
    const now = this.clock.now();
    const held = this.options.outsidePosition === true ? await outsidePosition(this.market, now).unwrapOr(null) : null;
    const holdings: PaperHolding[] = held === null ? [] : [{ symbol: held.symbol, qty: 1, avgEntryPrice: held.price }];
    return {
      accountId: `sim-${hashString(ownerId).toString(16).padStart(8, '0')}`,
      cash: this.options.startingCash ?? DEFAULT_STARTING_CASH,
      holdings,
      openedAt: now,
    };
  }

  private desk(ownerId: string): PaperDesk {
    let desk = this.desks.get(ownerId);
    if (!desk) {
      desk = {
        ownerId,
        faults: new PaperFaults(),
        queue: new SerialQueue(),
        rateLimit: new PaperRateLimit(this.options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE),
        submits: 0,
        fillMemory: new Map(),
      };
      this.desks.set(ownerId, desk);
    }
    return desk;
  }
}
