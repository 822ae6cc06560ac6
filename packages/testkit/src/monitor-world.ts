import type { BrokerName, ManagedPosition, Services } from '@condor/core';
import { FakeBrokers } from './fakes/fake-brokers.js';
import { FakeClock } from './fakes/fake-clock.js';
import { FixtureMarketData } from './fakes/fixture-market-data.js';
import { createTestServices, type TestServices } from './test-services.js';

/** Where a position's debit to close stands: no alert, the take-profit alert, or the stop-loss alert. */
export type MonitorLevel = 'calm' | 'take_profit' | 'stop_loss';

/** The debit to close per share at each level, for a condor entered for $1.25 (take profit ≤ $0.625, stop ≥ $3.75). */
const VALUE: Readonly<Record<MonitorLevel, number>> = { calm: 1, take_profit: 0.5, stop_loss: 4 };
const LONG_PRICE = 0.1;
const EXPIRY = '2026-02-20';
const SPOT = 572;

const occ = (type: 'P' | 'C', strike: number): string => `SPY260220${type}${String(strike * 1000).padStart(8, '0')}`;

/**
 * People holding iron condors at a FakeBrokers broker, for the position monitor's tests: each condor has legs of its
 * own (strikes far from the spot, so only its value raises alerts) whose prices `setLevel` moves between no alert,
 * take profit and stop loss. The deployment's market and the simulated market are both a fixture quoting SPY.
 */
export class MonitorWorld {
  readonly clock: FakeClock;
  readonly brokers: FakeBrokers;
  readonly services: TestServices;
  readonly positions: ManagedPosition[] = [];

  constructor(overrides: Partial<Services> = {}) {
    this.clock = new FakeClock();
    this.brokers = new FakeBrokers({ clock: this.clock });
    const market = new FixtureMarketData({ SPY: { quote: { symbol: 'SPY', bid: SPOT - 0.1, ask: SPOT + 0.1, last: SPOT, time: 0 } } });
    this.services = createTestServices({ clock: this.clock, brokers: this.brokers, market, ...overrides });
  }

  /** Links the person's account (the simulated broker by default), connected unless told otherwise. */
  async link(ownerId: string, broker: BrokerName = 'sim', connected = true): Promise<void> {
    const now = this.clock.now();
    await this.services.brokerLinks.put({ ownerId, broker, environment: 'paper', apiKey: null, apiSecret: null, keyHint: null, connectedAt: connected ? now : null, updatedAt: now });
  }

  /** Opens a condor for the person, its four legs held at the broker, at `level`. */
  async open(ownerId: string, level: MonitorLevel = 'calm'): Promise<ManagedPosition> {
    const n = this.positions.length;
    const strikes = { longPut: 300 + 2 * n, shortPut: 301 + 2 * n, shortCall: 800 + 2 * n, longCall: 801 + 2 * n };
    const position: ManagedPosition = {
      id: this.services.ids.uuid(),
      ownerId,
      ticker: 'SPY',
      expiry: EXPIRY,
      legs: [
        { symbol: occ('P', strikes.longPut), type: 'put', strike: strikes.longPut, expiry: EXPIRY, side: 'long' },
        { symbol: occ('P', strikes.shortPut), type: 'put', strike: strikes.shortPut, expiry: EXPIRY, side: 'short' },
        { symbol: occ('C', strikes.shortCall), type: 'call', strike: strikes.shortCall, expiry: EXPIRY, side: 'short' },
        { symbol: occ('C', strikes.longCall), type: 'call', strike: strikes.longCall, expiry: EXPIRY, side: 'long' },
      ],
      qty: 1,
      entryCredit: 1.25,
      status: 'open',
      openedAt: this.clock.now(),
      closedAt: null,
      orderIds: [`order-${String(n)}`],
    };
    await this.services.positions.insert(position);
    for (const leg of position.legs) this.brokers.holdExternalPosition(ownerId, leg.symbol, leg.side === 'short' ? -1 : 1, 1);
    this.positions.push(position);
    this.setLevel(position, level);
    return position;
  }

  /** Moves the prices of the position's legs so that closing it costs what `level` stands for. */
  setLevel(position: ManagedPosition, level: MonitorLevel): void {
    const short = (VALUE[level] + 2 * LONG_PRICE) / 2;
    for (const leg of position.legs) this.brokers.setPrice(leg.symbol, leg.side === 'short' ? short : LONG_PRICE);
  }
}
