import type { Clock } from '@condor/core';
import { SimMarketData } from '../../../packages/broker-sim/src/index.js';
import { FakeAlpaca, type FakeAlpacaOptions } from '../../../packages/broker-alpaca/test/fake-alpaca.js';
import { FakeAlpacaMarket } from '../../../packages/broker-alpaca/test/fake-alpaca-market.js';
import type { FakeKeyPair } from '../../../packages/broker-alpaca/test/fake-key-pairs.js';

/**
 * The server's clock as the runtime builds it from CONDOR_SIM_START and CONDOR_SIM_ANCHOR (build-runtime.ts `clockOf`:
 * a ShiftedClock at rate 1): `simStart` at the real instant `anchor`, then real time.
 */
export function shiftedClock(simStart: string, anchor: () => number): Clock {
  const start = Date.parse(simStart);
  return { now: () => start + (Date.now() - anchor()) };
}

/** Alpaca on this machine for a server test: its Trading API and its Market Data API, over one simulated market. */
export interface LocalAlpaca {
  /** The Trading API fake: orders, fills (`fillAtOrAbove`), scripted faults; assets and option contracts of `market`. */
  readonly trading: FakeAlpaca;
  /** The Market Data API fake: quotes, bars, option snapshots and dividends of `market`, per key pair. */
  readonly data: FakeAlpacaMarket;
  /** The market both serve: the simulated one, on the server's clock, with the seed the server's own has. */
  readonly market: SimMarketData;
  readonly clock: Clock;
  /**
   * Starts both fakes and anchors the clock now; answers the server's settings that point Alpaca's hosts (paper, live,
   * data) at them and put its clock on the fakes' (CONDOR_SIM_START, CONDOR_SIM_ANCHOR).
   */
  start(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/**
 * A person linked to Alpaca researches and prices on their own Alpaca market (issue 38): a server test that links the
 * fake gives its server this market, the simulated one rendered as Alpaca serves it, so the tickers, chains and quotes
 * are those the deployment's simulated market had. Every key pair in `keyPairs` (and the trading fake's own, `default`)
 * reads it; all of them trade the trading fake's one account.
 * @example
 * const alpaca = localAlpaca('2026-02-10T15:00:00Z');
 * const server = await startServer({ CONDOR_APPROVAL: 'confirm', ...(await alpaca.start()) });
 */
export function localAlpaca(simStart: string, options: { readonly keyPairs?: readonly FakeKeyPair[]; readonly trading?: FakeAlpacaOptions } = {}): LocalAlpaca {
  let anchor = Date.now();
  const clock = shiftedClock(simStart, () => anchor);
  // The server's simulated market: seed 1; the demo session mode of a development deployment (CONDOR_SIM_SESSION unset).
  const market = new SimMarketData(clock, 1, { session: 'demo' });
  const served = { data: market, now: () => clock.now() };
  const trading = new FakeAlpaca({ ...options.trading, market: served, ...(options.keyPairs === undefined ? {} : { keyPairs: options.keyPairs }) });
  const ownPair = { label: 'default', apiKey: trading.apiKey, apiSecret: trading.apiSecret };
  const data = new FakeAlpacaMarket({ market: served, keyPairs: [ownPair, ...(options.keyPairs ?? [])] });
  return {
    trading,
    data,
    market,
    clock,
    async start() {
      anchor = Date.now();
      const [tradingUrl, dataUrl] = await Promise.all([trading.start(), data.start()]);
      return {
        CONDOR_SIM_START: simStart,
        CONDOR_SIM_ANCHOR: new Date(anchor).toISOString(),
        CONDOR_ALPACA_PAPER_URL: tradingUrl,
        CONDOR_ALPACA_LIVE_URL: tradingUrl,
        CONDOR_ALPACA_DATA_URL: dataUrl,
      };
    },
    async stop() {
      await Promise.all([trading.stop(), data.stop()]);
    },
  };
}
