import type { FakeMarket } from '../tastytrade/fake-tastytrade-market.js';
import type { BookAccount } from './fake-schwab-book-records.js';

/** `GET /accounts/{hash}`, with `positions` when asked for (`?fields=positions`), marked at the market's marks. */
export function accountJson(account: BookAccount, market: FakeMarket, withPositions: boolean): Record<string, unknown> {
  const positions = [...account.holdings.entries()]
    .filter(([, holding]) => holding.quantity !== 0)
    .map(([symbol, holding]) => {
      const mark = market.mark(parseContract(symbol));
      return {
        shortQuantity: holding.quantity < 0 ? -holding.quantity : 0,
        longQuantity: holding.quantity > 0 ? holding.quantity : 0,
        averagePrice: holding.averagePrice,
        ...(holding.quantity > 0 ? { averageLongPrice: holding.averagePrice } : { averageShortPrice: holding.averagePrice }),
        marketValue: round2(holding.quantity * mark * 100),
        instrument: { assetType: 'OPTION', cusip: '0', symbol, underlyingSymbol: symbol.slice(0, 6).trimEnd(), putCall: symbol.charAt(12) === 'C' ? 'CALL' : 'PUT' },
      };
    });
  const balances = { cashBalance: round2(account.cash), buyingPower: round2(account.buyingPower), availableFunds: round2(account.buyingPower), optionBuyingPower: round2(account.buyingPower), cashAvailableForTrading: round2(account.cash) };
  return {
    securitiesAccount: {
      type: account.spec.type,
      accountNumber: account.spec.accountNumber,
      roundTrips: 0,
      isDayTrader: false,
      isClosingOnlyRestricted: false,
      pfcbFlag: false,
      ...(withPositions ? { positions } : {}),
      initialBalances: balances,
      currentBalances: balances,
      projectedBalances: balances,
    },
    aggregatedBalance: { currentLiquidationValue: round2(account.cash), liquidationValue: round2(account.cash) },
  };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

function parseContract(symbol: string): { symbol: string; root: string; expiration: string; type: 'C' | 'P'; strike: number } {
  return { symbol, root: symbol.slice(0, 6).trimEnd(), expiration: `20${symbol.slice(6, 8)}-${symbol.slice(8, 10)}-${symbol.slice(10, 12)}`, type: symbol.charAt(12) === 'C' ? 'C' : 'P', strike: Number(symbol.slice(13)) / 1000 };
}
