import { marketDataContract } from '@condor/testkit';
import { marketWorld } from './tastytrade-market-setup.js';

marketDataContract('TastytradeMarketData against the fake tastytrade (AAPL: earnings and dividends)', async () => {
  const { market } = await marketWorld();
  return { market, knownSymbol: 'aapl', unknownSymbol: 'ZZZZ', offersIvHistory: true, offersDailyBars: true };
});

marketDataContract('TastytradeMarketData against the fake tastytrade (SPY: an ETF, dividends only; a closing-only symbol)', async () => {
  const { market } = await marketWorld();
  return { market, knownSymbol: 'SPY', unknownSymbol: 'CLSD', offersIvHistory: true, offersDailyBars: true };
});
