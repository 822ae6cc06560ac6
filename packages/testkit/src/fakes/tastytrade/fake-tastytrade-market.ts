/** An equity option contract, read from tastytrade's OCC symbol (root padded to six characters). */
export interface Contract {
  /** As tastytrade writes it: `SPY   260320P00570000`. */
  readonly symbol: string;
  readonly root: string;
  /** `YYYY-MM-DD`. */
  readonly expiration: string;
  readonly type: 'C' | 'P';
  readonly strike: number;
}

const OCC = /^([A-Z0-9.][A-Z0-9. ]{5})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/** The contract of a padded OCC symbol; null for anything else (a compact symbol included, as tastytrade would). */
export function parseOcc(symbol: string): Contract | null {
  const match = OCC.exec(symbol);
  if (!match) return null;
  const [, root = '', yy = '', mm = '', dd = '', type = '', strike = ''] = match;
  return { symbol, root: root.trimEnd(), expiration: `20${yy}-${mm}-${dd}`, type: type === 'C' ? 'C' : 'P', strike: Number(strike) / 1000 };
}

/** The padded OCC symbol of a contract. */
export function occ(root: string, expiration: string, type: 'C' | 'P', strike: number): string {
  const date = expiration.slice(2).replaceAll('-', '');
  return `${root.padEnd(6, ' ')}${date}${type}${String(Math.round(strike * 1000)).padStart(8, '0')}`;
}

/** dxFeed's streamer symbol: `.SPY260320P570`. */
function streamerSymbol(root: string, expiration: string, type: 'C' | 'P', strike: number): string {
  return `.${root}${expiration.slice(2).replaceAll('-', '')}${type}${String(strike)}`;
}

const DEFAULT_PRICES: Readonly<Record<string, number>> = { SPY: 605, QQQ: 520, IWM: 210, AAPL: 230 };
const EXPIRATIONS_LISTED = 8;
const DAY_MS = 86_400_000;

/**
 * The fake's market: an underlying price per symbol and a mark per option contract. A mark is intrinsic value
 * plus a time value that falls off with distance from the money (1.2 % of the price at the money, halving
 * about every 3.5 % away), to the cent and at least 0.01; a test may set any contract's mark.
 */
export class FakeMarket {
  private readonly prices: Map<string, number>;
  private readonly marks = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    prices: Readonly<Record<string, number>> = DEFAULT_PRICES,
  ) {
    this.prices = new Map(Object.entries(prices));
  }

  price(root: string): number | undefined {
    return this.prices.get(root);
  }

  setMark(symbol: string, mark: number): void {
    this.marks.set(symbol, mark);
  }

  /** The contract's mark per share. */
  mark(contract: Contract): number {
    const set = this.marks.get(contract.symbol);
    if (set !== undefined) return set;
    const price = this.prices.get(contract.root) ?? contract.strike;
    const intrinsic = Math.max(0, contract.type === 'C' ? price - contract.strike : contract.strike - price);
    const timeValue = price * 0.012 * Math.exp(-Math.abs(contract.strike - price) / (price * 0.05));
    return Math.max(0.01, Math.round((intrinsic + timeValue) * 100) / 100);
  }

  /** Whether tastytrade would know the contract: a listed root, not yet expired (New York date). */
  listed(contract: Contract): boolean {
    return this.prices.has(contract.root) && contract.expiration >= this.today();
  }

  /** Today's trading date in New York, `YYYY-MM-DD`. */
  today(): string {
    return newYorkDate(this.now());
  }

  /**
   * `GET /option-chains/{underlying}/nested`: one standard root, the next eight Friday expirations (the third
   * Friday of a month `Regular`, the others `Weekly`), strikes within 15 % of the price.
   */
  nestedChain(root: string): Record<string, unknown> | null {
    const price = this.prices.get(root);
    if (price === undefined) return null;
    const step = price >= 200 ? 5 : 1;
    const strikes: number[] = [];
    for (let strike = Math.ceil((price * 0.85) / step) * step; strike <= price * 1.15; strike += step) strikes.push(strike);
    const expirations = fridaysAfter(this.today(), EXPIRATIONS_LISTED).map((expiration) => ({
      'expiration-type': isThirdFriday(expiration) ? 'Regular' : 'Weekly',
      'expiration-date': expiration,
      'days-to-expiration': Math.round((Date.parse(`${expiration}T00:00:00Z`) - Date.parse(`${this.today()}T00:00:00Z`)) / DAY_MS),
      'settlement-type': 'PM',
      strikes: strikes.map((strike) => ({
        'strike-price': strike.toFixed(1),
        call: occ(root, expiration, 'C', strike),
        'call-streamer-symbol': streamerSymbol(root, expiration, 'C', strike),
        put: occ(root, expiration, 'P', strike),
        'put-streamer-symbol': streamerSymbol(root, expiration, 'P', strike),
      })),
    }));
    return {
      items: [
        {
          'underlying-symbol': root,
          'root-symbol': root,
          'option-chain-type': 'Standard',
          'shares-per-contract': 100,
          'tick-sizes': [{ threshold: '3.0', value: '0.01' }, { value: '0.05' }],
          deliverables: [{ id: 313656, amount: '100.0', 'deliverable-type': 'Shares', symbol: root }],
          expirations,
        },
      ],
    };
  }
}

/** The New York calendar date of an instant, `YYYY-MM-DD`. */
export function newYorkDate(epochMs: number): string {
  return new Date(epochMs).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
}

function fridaysAfter(today: string, count: number): string[] {
  const fridays: string[] = [];
  let day = Date.parse(`${today}T00:00:00Z`);
  while (fridays.length < count) {
    if (new Date(day).getUTCDay() === 5) fridays.push(new Date(day).toISOString().slice(0, 10));
    day += DAY_MS;
  }
  return fridays;
}

const isThirdFriday = (date: string): boolean => {
  const dayOfMonth = Number(date.slice(8, 10));
  return dayOfMonth >= 15 && dayOfMonth <= 21;
};
