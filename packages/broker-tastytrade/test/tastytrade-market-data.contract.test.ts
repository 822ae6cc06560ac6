import { marketDataContract } from '@condor/testkit';
import { beforeEach } from 'vitest';
import { marketWorld } from './tastytrade-market-setup.js';

// tastytrade serves no daily bars over REST and the contract cannot yet be told so (as it can of an IV history,
// with offersIvHistory): its bars case is skipped here, and tastytrade-market-data.test.ts holds dailyBars to
// `unsupported`. Remove this once the contract takes `offersDailyBars`.
beforeEach((context) => {
  if (context.task.name.startsWith('returns a year of daily bars')) context.skip();
});

marketDataContract('TastytradeMarketData against the fake tastytrade (AAPL: earnings and dividends)', async () => {
  const { market } = await marketWorld();
  return { market, knownSymbol: 'aapl', unknownSymbol: 'ZZZZ', offersIvHistory: false };
});

marketDataContract('TastytradeMarketData against the fake tastytrade (SPY: an ETF, dividends only; a closing-only symbol)', async () => {
  const { market } = await marketWorld();
  return { market, knownSymbol: 'SPY', unknownSymbol: 'CLSD', offersIvHistory: false };
});
