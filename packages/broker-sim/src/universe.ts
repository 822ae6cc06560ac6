/** How tight a name's options trade: 1 for the index ETFs, 3 for the least liquid names here. */
export type LiquidityTier = 1 | 2 | 3;

/** One underlying of the simulated market. */
export interface SimSymbol {
  readonly symbol: string;
  readonly name: string;
  readonly kind: 'etf' | 'stock';
  /** The close on the anchor date (`ANCHOR_DATE`), dollars. */
  readonly price: number;
  /** Continuous annual dividend yield. */
  readonly dividendYield: number;
  /** The long-run level of 30-day ATM implied volatility. */
  readonly baseVol: number;
  /** Steepness of the put skew (slope of the smile per standard deviation of moneyness). */
  readonly skew: number;
  readonly liquidity: LiquidityTier;
  /** Average shares traded per day. */
  readonly averageVolume: number;
  /** False for symbols the market knows but does not trade (halted, OTC-only). */
  readonly tradeable: boolean;
}

/** The date the simulated closes are pinned to realistic levels (the first session of 2026). */
export const ANCHOR_DATE = '2026-01-02';

type Row = [string, string, 'etf' | 'stock', number, number, number, number, LiquidityTier, number];

const ROWS: readonly Row[] = [
  ['SPY', 'SPDR S&P 500 ETF Trust', 'etf', 681.92, 0.011, 0.16, 0.2, 1, 70e6],
  ['QQQ', 'Invesco QQQ Trust', 'etf', 613.12, 0.005, 0.2, 0.19, 1, 45e6],
  ['IWM', 'iShares Russell 2000 ETF', 'etf', 246.6, 0.011, 0.23, 0.17, 1, 30e6],
  ['DIA', 'SPDR Dow Jones Industrial Average ETF', 'etf', 481.4, 0.015, 0.15, 0.19, 2, 3e6],
  ['GLD', 'SPDR Gold Shares', 'etf', 398.7, 0, 0.17, 0.04, 2, 10e6],
  ['TLT', 'iShares 20+ Year Treasury Bond ETF', 'etf', 87.6, 0.043, 0.14, 0.06, 2, 35e6],
  ['XLF', 'Financial Select Sector SPDR Fund', 'etf', 54.8, 0.014, 0.19, 0.15, 2, 40e6],
  ['XLE', 'Energy Select Sector SPDR Fund', 'etf', 89.3, 0.033, 0.25, 0.14, 2, 15e6],
  ['AAPL', 'Apple Inc.', 'stock', 271.0, 0.004, 0.26, 0.12, 2, 50e6],
  ['MSFT', 'Microsoft Corporation', 'stock', 484.0, 0.007, 0.24, 0.11, 2, 20e6],
  ['NVDA', 'NVIDIA Corporation', 'stock', 188.5, 0.0002, 0.48, 0.08, 2, 180e6],
  ['AMZN', 'Amazon.com, Inc.', 'stock', 231.4, 0, 0.32, 0.1, 2, 40e6],
  ['GOOGL', 'Alphabet Inc. Class A', 'stock', 312.0, 0.003, 0.3, 0.1, 2, 35e6],
  ['META', 'Meta Platforms, Inc.', 'stock', 660.1, 0.003, 0.36, 0.1, 2, 12e6],
  ['TSLA', 'Tesla, Inc.', 'stock', 449.7, 0, 0.56, 0.04, 2, 90e6],
  ['AMD', 'Advanced Micro Devices, Inc.', 'stock', 214.2, 0, 0.5, 0.07, 2, 45e6],
  ['JPM', 'JPMorgan Chase & Co.', 'stock', 322.4, 0.019, 0.24, 0.12, 2, 9e6],
  ['BAC', 'Bank of America Corporation', 'stock', 55.1, 0.021, 0.27, 0.12, 2, 40e6],
  ['XOM', 'Exxon Mobil Corporation', 'stock', 120.3, 0.035, 0.25, 0.1, 2, 15e6],
  ['KO', 'The Coca-Cola Company', 'stock', 70.2, 0.029, 0.16, 0.12, 3, 14e6],
  ['JNJ', 'Johnson & Johnson', 'stock', 207.5, 0.025, 0.17, 0.12, 3, 8e6],
  ['WMT', 'Walmart Inc.', 'stock', 111.6, 0.009, 0.22, 0.11, 3, 18e6],
  ['NFLX', 'Netflix, Inc.', 'stock', 94.0, 0, 0.38, 0.06, 3, 40e6],
  ['DIS', 'The Walt Disney Company', 'stock', 113.8, 0.009, 0.27, 0.1, 3, 9e6],
];

/** The tradeable universe of the simulated market, plus one known symbol that does not trade (OTC-only). */
export const SIM_UNIVERSE: readonly SimSymbol[] = [
  ...ROWS.map(([symbol, name, kind, price, dividendYield, baseVol, skew, liquidity, averageVolume]) => ({
    symbol,
    name,
    kind,
    price,
    dividendYield,
    baseVol,
    skew,
    liquidity,
    averageVolume,
    tradeable: true,
  })),
  {
    symbol: 'TCEHY',
    name: 'Tencent Holdings Ltd. ADR (OTC)',
    kind: 'stock',
    price: 76.5,
    dividendYield: 0.007,
    baseVol: 0.33,
    skew: 0.08,
    liquidity: 3,
    averageVolume: 2e6,
    tradeable: false,
  },
];

const BY_SYMBOL = new Map(SIM_UNIVERSE.map((spec) => [spec.symbol, spec]));

/** The symbol's spec when it is known and tradeable. */
export function tradeableSpec(symbol: string): SimSymbol | undefined {
  const spec = BY_SYMBOL.get(symbol.trim().toUpperCase());
  return spec?.tradeable ? spec : undefined;
}

