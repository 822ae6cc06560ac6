import type { ApprovalRecord, ManagedPosition, OrderLeg, PositionStore, Proposal, ProposalStore } from '@condor/core';

/** The users and time the ProposalStore contract's parts share. */
export const USER = '6f1c2d3e-0000-4000-8000-000000000001';
export const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';
export const T0 = 1_767_623_400_000;

export const proposalId = (n: number): string => `5e000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const positionId = (n: number): string => `5f000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A proposal store and the position store its placements read (one database), in which USER and OTHER exist. */
export interface ProposalWorld {
  readonly proposals: ProposalStore;
  readonly positions: PositionStore;
}

/** A fresh world without proposals or positions. */
export type FreshProposalStore = () => Promise<ProposalWorld>;

/** The compact OCC symbol of an SPY contract expiring 2026-02-20. */
export const spy = (type: 'P' | 'C', strike: number): string => `SPY260220${type}${String(strike * 1000).padStart(8, '0')}`;

/** The four legs proposal `n` opens by default: its own strikes, so no two fixtures' proposals share a leg. */
export const condorLegs = (n: number): OrderLeg[] => [
  { symbol: spy('P', 400 + 10 * n), side: 'buy', intent: 'buy_to_open' },
  { symbol: spy('P', 405 + 10 * n), side: 'sell', intent: 'sell_to_open' },
  { symbol: spy('C', 800 + 10 * n), side: 'sell', intent: 'sell_to_open' },
  { symbol: spy('C', 805 + 10 * n), side: 'buy', intent: 'buy_to_open' },
];

/** An open position of USER holding what `legs` opened, `qty` condors; override any part. */
export const openPosition = (id: string, legs: readonly OrderLeg[], qty: number, overrides: Partial<ManagedPosition> = {}): ManagedPosition => ({
  id,
  ownerId: USER,
  ticker: 'SPY',
  expiry: '2026-02-20',
  legs: legs.map((leg) => ({
    symbol: leg.symbol,
    type: leg.symbol.charAt(9) === 'C' ? 'call' : 'put',
    strike: Number(leg.symbol.slice(10)) / 1000,
    expiry: '2026-02-20',
    side: leg.side === 'buy' ? 'long' : 'short',
  })),
  qty,
  entryCredit: 1.25,
  status: 'open',
  openedAt: T0,
  closedAt: null,
  orderIds: ['order-entry'],
  ...overrides,
});

/** The legs that close what `legs` opened. */
export const closingLegs = (legs: readonly OrderLeg[]): OrderLeg[] =>
  legs.map((leg) => ({ symbol: leg.symbol, side: leg.side === 'buy' ? 'sell' : 'buy', intent: leg.side === 'buy' ? 'sell_to_close' : 'buy_to_close' }));

/** Proposal `n` of USER, unconsumed, on position `n`; override any part. */
export const proposal = (n: number, overrides: Partial<Proposal> = {}): Proposal => ({
  id: proposalId(n),
  ownerId: USER,
  kind: 'entry',
  batchKey: 'batch-1',
  createdAt: T0 + n * 1000,
  ticker: 'SPY',
  qty: 2,
  legs: condorLegs(n),
  limitPrice: -1.25,
  maxLoss: 750.5,
  summary: 'Sell 2 SPY 570/575/625/630 iron condors for a 1.25 credit',
  positionId: positionId(n),
  details: { expiry: '2026-02-20', strikes: [570, 575, 625, 630], credit: 1.25, checks: { buying_power: true } },
  consumedAt: null,
  approval: null,
  outcome: null,
  ...overrides,
});

/** A person's approval on the approval page of USER, at `at`; override any part. */
export const approval = (at: number, overrides: Partial<ApprovalRecord> = {}): ApprovalRecord => ({
  method: 'page',
  at,
  userId: USER,
  client: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
  address: '2001:db8::7',
  ...overrides,
});
