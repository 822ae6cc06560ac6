import { marketDataContract } from '@condor/testkit';
import { world } from './schwab-setup.js';

marketDataContract('SchwabMarketData against the fake Schwab (SPY: an ETF with dividends)', async () => {
  const { brokers, access } = await world();
  return { market: brokers.marketData(access), knownSymbol: 'SPY', unknownSymbol: 'ZZZZ', offersIvHistory: false, offersDailyBars: true };
});
