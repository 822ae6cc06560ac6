import { marketDataContract } from '@condor/testkit';
import { startFakeMarket } from './alpaca-market-setup.js';
import { UNDERLYING } from './fake-alpaca-data.js';

marketDataContract('AlpacaMarketData against a fake Alpaca', async () => {
  const { market } = await startFakeMarket();
  return { market, knownSymbol: UNDERLYING.toLowerCase(), unknownSymbol: 'ZZZZ', offersIvHistory: false };
});

marketDataContract('AlpacaMarketData against a fake Alpaca, with a halted symbol', async () => {
  const { market } = await startFakeMarket();
  return { market, knownSymbol: UNDERLYING, unknownSymbol: 'HALT', offersIvHistory: false };
});
