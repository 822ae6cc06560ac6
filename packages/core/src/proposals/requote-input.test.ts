import { describe, expect, it } from 'vitest';
import { CONDOR_CLOSE_LEGS, entryProposal } from '../approval/approval-fixture.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import type { Proposal } from '../ports/proposal-store.js';
import { requoteInput } from './requote-input.js';

const ID = '11111111-1111-4111-8111-111111111111';
const POSITION = '22222222-2222-4222-8222-222222222222';
const entry = entryProposal({ id: ID, ownerId: 'owner-1', createdAt: 0, qty: 3, details: { expiry: '2026-12-18', strikes: { long_put: 540, short_put: 545, short_call: 600, long_call: 605 }, credit: 1.25, pricing: { mode: 'patient', start_price: -1.25, worst_price: -1.2, steps: [-1.25, -1.2], step_seconds: 20, time_limit_seconds: 100 } } });
const roll = (details: Proposal['details']): Proposal => ({ ...entry, kind: 'roll', positionId: POSITION, details });
const leg = (symbol: string): PositionLeg => ({ symbol, type: 'put', strike: 540, expiry: '2026-12-18', side: 'long' });
const position = { legs: CONDOR_CLOSE_LEGS.map((l) => leg(l.symbol)) } as unknown as ManagedPosition;

describe('requoteInput', () => {
  it('gives an entry its legs as a candidate with the credit it showed, its quantity and its pricing mode', () => {
    expect(requoteInput(entry, undefined)._unsafeUnwrap()).toEqual({
      candidate: { ticker: 'SPY', expiry: '2026-12-18', net_credit: 1.25, legs: { long_put: { strike: 540 }, short_put: { strike: 545 }, short_call: { strike: 600 }, long_call: { strike: 605 } } },
      qty: 3,
      pricing: { mode: 'patient' },
    });
  });

  it('answers PROPOSAL_EXPIRED, in words, for an entry that does not keep its strikes', () => {
    const bare = { ...entry, details: { expiry: '2026-12-18' } };
    expect(requoteInput(bare, undefined)._unsafeUnwrapErr()).toMatchObject({ code: 'PROPOSAL_EXPIRED', message: expect.stringContaining('ask your agent for a new proposal') as unknown });
  });

  it('closes what is left again where an exit closed only part of its position, and the whole where it closed the whole', () => {
    const whole: Proposal = { ...entry, kind: 'exit', positionId: POSITION, legs: CONDOR_CLOSE_LEGS, details: {} };
    const part: Proposal = { ...whole, legs: CONDOR_CLOSE_LEGS.slice(1) };
    expect(requoteInput(whole, position)._unsafeUnwrap()).toEqual({ position_id: POSITION, remaining_only: false });
    expect(requoteInput(part, position)._unsafeUnwrap()).toEqual({ position_id: POSITION, remaining_only: true });
    expect(requoteInput(part, undefined)._unsafeUnwrap()).toEqual({ position_id: POSITION, remaining_only: false });
  });

  it('keeps a roll’s side, target and one short |delta| target; two different targets, or one the tool does not take, are found again', () => {
    const target = (put: number, call: number) => ({ put: { target: put, chosen: put }, call: { target: call, chosen: call } });
    expect(requoteInput(roll({ side: 'put', target_dte: 60, short_deltas: target(0.2, 0.3) }), position)._unsafeUnwrap()).toEqual({ position_id: POSITION, side: 'put', target_dte: 60, short_delta: 0.2 });
    expect(requoteInput(roll({ side: 'both', target_dte: 60, short_deltas: target(0.2, 0.2) }), position)._unsafeUnwrap()).toEqual({ position_id: POSITION, side: 'both', target_dte: 60, short_delta: 0.2 });
    expect(requoteInput(roll({ side: 'both', target_dte: 60, short_deltas: target(0.2, 0.3) }), position)._unsafeUnwrap()).toEqual({ position_id: POSITION, side: 'both', target_dte: 60 });
    expect(requoteInput(roll({ side: 'call', target_dte: 60, short_deltas: target(0.2, 0.7) }), position)._unsafeUnwrap()).toEqual({ position_id: POSITION, side: 'call', target_dte: 60 });
    expect(requoteInput(roll({ target_dte: 60 }), position)._unsafeUnwrapErr().code).toBe('PROPOSAL_EXPIRED');
  });
});
