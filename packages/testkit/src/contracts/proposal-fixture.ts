import type { ApprovalRecord, Proposal, ProposalStore } from '@condor/core';

/** The users and time the ProposalStore contract's parts share. */
export const USER = '6f1c2d3e-0000-4000-8000-000000000001';
export const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';
export const T0 = 1_767_623_400_000;

export const proposalId = (n: number): string => `5e000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const positionId = (n: number): string => `5f000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A fresh store in which USER and OTHER exist. */
export type FreshProposalStore = () => Promise<ProposalStore>;

/** Proposal `n` of USER, unconsumed, on position `n`; override any part. */
export const proposal = (n: number, overrides: Partial<Proposal> = {}): Proposal => ({
  id: proposalId(n),
  ownerId: USER,
  kind: 'entry',
  batchKey: 'batch-1',
  createdAt: T0 + n * 1000,
  ticker: 'SPY',
  qty: 2,
  legs: [
    { symbol: 'SPY260220P00570000', side: 'buy', intent: 'buy_to_open' },
    { symbol: 'SPY260220P00575000', side: 'sell', intent: 'sell_to_open' },
    { symbol: 'SPY260220C00625000', side: 'sell', intent: 'sell_to_open' },
    { symbol: 'SPY260220C00630000', side: 'buy', intent: 'buy_to_open' },
  ],
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
