import { bandPayoff, popWords, ticketBand, TICKET_STATUS_WORDS, type HeldLeg, type OrderTicket, type PayoffCurve } from '@condor/core';

/** The payoff at expiry of a 1-lot SPY 650/655/723/728 condor for a $0.70 credit, the spot at 690.12: the tickets' and the chart tests' curve. */
export const CONDOR_PAYOFF: PayoffCurve = {
  points: [
    { price: 640, pnl: -430 },
    { price: 650, pnl: -430 },
    { price: 655, pnl: 70 },
    { price: 723, pnl: 70 },
    { price: 728, pnl: -430 },
    { price: 740, pnl: -430 },
  ],
  breakevens: [654.3, 723.7],
  spot: 690.12,
  maxProfit: 70,
  maxLoss: 430,
  worst: null,
};

const CONDOR_LEGS: HeldLeg[] = [
  { type: 'put', strike: 650, side: 'long' },
  { type: 'put', strike: 655, side: 'short' },
  { type: 'call', strike: 723, side: 'short' },
  { type: 'call', strike: 728, side: 'long' },
];

/** The band the sample entry is approved with: a $0.70 credit walked down to $0.65, as core's pricing plan would step it. */
export const SAMPLE_PLAN = { mode: 'normal', startPrice: -0.7, worstPrice: -0.65, steps: [-0.7, -0.69, -0.67, -0.65], dwellMs: 10_000, timeLimitMs: 150_000 } as const;

/** The same condor's payoff as core computes it with its band: the $0.70 curve and the $0.65 one beside it. */
export const CONDOR_BAND_PAYOFF: PayoffCurve = (() => {
  const curve = bandPayoff({ legs: CONDOR_LEGS, credit: 0.7, qty: 1, spot: 690.12 }, SAMPLE_PLAN);
  if (curve === null) throw new Error('the sample condor has a payoff');
  return curve;
})();

/** The sample entry's band as core describes it. */
export const SAMPLE_BAND = ticketBand({ kind: 'entry', plan: SAMPLE_PLAN, qty: 1, payoff: CONDOR_BAND_PAYOFF, entryCredit: null, firstOfTwo: false });

const leg = (action: OrderTicket['legs'][number]['action'], type: 'put' | 'call', strike: number): OrderTicket['legs'][number] => ({
  symbol: `SPY260306${type === 'put' ? 'P' : 'C'}00${String(strike)}000`,
  action,
  type,
  strike,
  expiry: '2026-03-06',
  words: `${action[0]?.toUpperCase() ?? ''}${action.slice(1)} 1 SPY ${String(strike)} ${type}, expiring Fri 6 Mar 2026`,
});

/** A simulated paper entry awaiting approval, 3 s old (2 s before it may be approved). */
export function sampleTicket(overrides: Partial<OrderTicket> = {}): OrderTicket {
  const createdAt = Date.UTC(2026, 1, 10, 15, 0, 0);
  const ticket: OrderTicket = {
    proposalId: 'prop-0001',
    kind: 'entry',
    ticker: 'SPY',
    qty: 1,
    headline: 'Sell 1 SPY 2026-03-06 iron condor 650/655/723/728',
    legs: [leg('buy to open', 'put', 650), leg('sell to open', 'put', 655), leg('sell to open', 'call', 723), leg('buy to open', 'call', 728)],
    limitPrice: -0.7,
    priceWords: 'a $0.70 credit per share ($70.00 for 1 contract), or better',
    maxProfit: 70,
    maxLoss: 430,
    breakevens: [654.3, 723.7],
    pop: 0.684,
    popAfterCosts: 0.6801,
    costs: {
      open: 0.23,
      close: 0.23,
      total: 0.46,
      perContract: 0.46,
      netCreditAfterCosts: 0.6954,
      words: 'Fees and commission: $0.23 to open and $0.23 to close (estimated), $0.46 in all ($0.46 per contract); the credit after costs is $0.6954 per share.',
    },
    buyingPower: { reduction: 430, returnOnBuyingPower: 0.1628, words: '$430.00 of options buying power (the wider wing less the credit); the most it can earn is 16% of that.' },
    flags: [{ code: 'holiday_before_expiry', date: '2026-02-16', message: 'The exchange is closed on 2026-02-16 (a holiday) before expiry.' }],
    account: { broker: 'sim', environment: 'paper', simulatedMarket: true, words: 'Simulated paper account (simulated market)' },
    status: 'awaiting_approval',
    createdAt,
    approvableAt: createdAt + 5_000,
    expiresAt: createdAt + 60_000,
    secondsLeft: 57,
    secondsUntilApprovable: 2,
    payoff: CONDOR_BAND_PAYOFF,
    band: SAMPLE_BAND,
    approval: null,
    working: null,
    marketNotice: 'Prices come from condor’s market simulator, not a real market.',
    pricedOn: 'the simulated market (synthetic prices, not real quotes)',
    popWords: '',
    statusWords: '',
    ...overrides,
  };
  // The words core writes for the fields as overridden, unless a test overrides the words themselves.
  return {
    ...ticket,
    popWords: overrides.popWords ?? popWords(ticket.pop, ticket.popAfterCosts),
    statusWords: overrides.statusWords ?? TICKET_STATUS_WORDS[ticket.status],
  };
}
