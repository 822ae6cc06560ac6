import { describe, expect, it } from 'vitest';
import type { BrokerOrder } from '../ports/broker.js';
import type { WorkingOrder } from '../ports/working-order-store.js';
import { pricingPlan } from './pricing-plan.js';
import { decideWalk, READ_BACK_MS } from './walk-decision.js';

const T0 = 1_767_623_400_000;
const planned = pricingPlan({ mid: -1.25, natural: -1.05 }, { mode: 'normal', worstFromMid: 0.05 });
if (!planned.ok) throw new Error('the fixture band is valid');
const PLAN = planned.plan; // steps -1.25, -1.24, -1.22, -1.20; 10 s each; 150 s in all

const walk = (given: Partial<WorkingOrder> = {}): WorkingOrder => ({
  proposalId: 'p',
  ownerId: 'o',
  positionId: 'p',
  plan: PLAN,
  qty: 3,
  steps: [{ at: T0, limitPrice: -1.25, clientOrderId: 'p', orderId: 'o1', state: 'standing' }],
  status: 'working',
  filledQty: 0,
  nextAt: T0,
  startedAt: T0,
  endedAt: null,
  detail: null,
  cancelRequested: false,
  ...given,
});

const order = (id: string, given: Partial<BrokerOrder> = {}): BrokerOrder => ({
  id,
  clientOrderId: id,
  status: 'accepted',
  qty: 3,
  filledQty: 0,
  limitPrice: -1.25,
  filledAvgPrice: null,
  submittedAt: T0,
  legs: [],
  ...given,
});

describe('decideWalk', () => {
  it('waits out the dwell, then replaces the standing order with the next price of the plan', () => {
    expect(decideWalk(walk(), [order('o1')], T0 + 4_000)).toEqual({ kind: 'wait', until: T0 + 9_000 });
    expect(decideWalk(walk(), [order('o1')], T0 + 9_999)).toEqual({ kind: 'wait', until: T0 + 10_000 });
    expect(decideWalk(walk(), [order('o1')], T0 + 10_000)).toMatchObject({ kind: 'replace', step: 1, price: -1.24, replacing: { id: 'o1' } });
  });

  it('does not replace an order the broker reports in a pending state, nor a stale one that is not the newest', () => {
    expect(decideWalk(walk(), [order('o1', { status: 'pending_cancel' })], T0 + 10_000)).toEqual({ kind: 'wait', until: T0 + 10_000 + READ_BACK_MS });
  });

  it('rests at the worst price after the last step, then cancels at the time limit and ends as expired', () => {
    const atWorst = walk({
      steps: [-1.25, -1.24, -1.22, -1.2].map((limitPrice, i) => ({ at: T0 + i * 10_000, limitPrice, clientOrderId: `p-s${String(i)}`, orderId: `o${String(i)}`, state: 'standing' as const })),
    });
    const chain = [order('o0', { status: 'replaced' }), order('o1', { status: 'replaced' }), order('o2', { status: 'replaced' }), order('o3')];
    expect(decideWalk(atWorst, chain, T0 + 40_000)).toEqual({ kind: 'wait', until: T0 + 45_000 });
    expect(decideWalk(atWorst, chain, T0 + 149_000)).toEqual({ kind: 'wait', until: T0 + 150_000 });
    expect(decideWalk(atWorst, chain, T0 + 150_000)).toMatchObject({ kind: 'cancel', orders: [{ id: 'o3' }] });
    const cancelled = [...chain.slice(0, 3), order('o3', { status: 'canceled' })];
    expect(decideWalk(atWorst, cancelled, T0 + 151_000)).toMatchObject({ kind: 'finish', status: 'expired', filledQty: 0, settledBy: { id: 'o3' } });
  });

  it('finishes filled on a fill of any order of the chain, the old one that won a replace race included, cancelling a still-standing successor first', () => {
    const stepped = walk({ steps: [walk().steps[0]!, { at: T0 + 10_000, limitPrice: -1.24, clientOrderId: 'p-s1', orderId: 'o2', state: 'standing' }] });
    const raced = [order('o1', { status: 'filled', filledQty: 3, filledAvgPrice: -1.25 }), order('o2')];
    expect(decideWalk(stepped, raced, T0 + 11_000)).toMatchObject({ kind: 'cancel', orders: [{ id: 'o2' }] });
    const settled = [raced[0]!, order('o2', { status: 'canceled' })];
    expect(decideWalk(stepped, settled, T0 + 12_000)).toMatchObject({ kind: 'finish', status: 'filled', filledQty: 3, settledBy: { id: 'o1' }, detail: 'Filled: 3 condors at $1.25.' });
  });

  it('lets the rest of a partly filled order rest at its limit until the time limit, never replacing it, then ends as "k of N filled" with why', () => {
    const partly = [order('o1', { status: 'partially_filled', filledQty: 2, filledAvgPrice: -1.25 })];
    expect(decideWalk(walk(), partly, T0 + 10_000)).toEqual({ kind: 'wait', until: T0 + 15_000 });
    expect(decideWalk(walk(), partly, T0 + 148_000)).toEqual({ kind: 'wait', until: T0 + 150_000 });
    expect(decideWalk(walk(), partly, T0 + 150_000)).toMatchObject({ kind: 'cancel', orders: [{ id: 'o1' }] });
    const ended = [order('o1', { status: 'canceled', filledQty: 2, filledAvgPrice: -1.25 })];
    expect(decideWalk(walk(), ended, T0 + 151_000)).toEqual({
      kind: 'finish',
      status: 'partial',
      filledQty: 2,
      detail: '2 of 3 condors filled at $1.25; the other was cancelled at the time limit.',
      settledBy: ended[0],
    });
    const oneOfThree = [order('o1', { status: 'canceled', filledQty: 1, filledAvgPrice: -1.25 })];
    expect(decideWalk(walk(), oneOfThree, T0 + 151_000)).toMatchObject({ detail: '1 of 3 condors filled at $1.25; the other 2 were cancelled at the time limit.' });
  });

  it('fills the rest of a partly filled order as it rests: the walk ends filled', () => {
    const whole = [order('o1', { status: 'filled', filledQty: 3, filledAvgPrice: -1.25 })];
    expect(decideWalk(walk(), whole, T0 + 60_000)).toMatchObject({ kind: 'finish', status: 'filled', filledQty: 3, detail: 'Filled: 3 condors at $1.25.' });
  });

  it('cancels the rest of a partly filled order at a person’s request, and says the broker ended it when it did', () => {
    const partly = [order('o1', { status: 'partially_filled', filledQty: 1, filledAvgPrice: -1.25 })];
    expect(decideWalk(walk({ cancelRequested: true }), partly, T0 + 20_000)).toMatchObject({ kind: 'cancel', orders: [{ id: 'o1' }] });
    const cancelled = [order('o1', { status: 'canceled', filledQty: 1, filledAvgPrice: -1.25 })];
    expect(decideWalk(walk({ cancelRequested: true }), cancelled, T0 + 21_000)).toMatchObject({ detail: '1 of 3 condors filled at $1.25; the other 2 were cancelled at your request.' });
    const expired = [order('o1', { status: 'expired', filledQty: 1, filledAvgPrice: -1.25 })];
    expect(decideWalk(walk(), expired, T0 + 21_000)).toMatchObject({ status: 'partial', detail: '1 of 3 condors filled at $1.25; the broker ended the rest (expired).' });
  });

  it('cancels at once when the rest of a partly filled walk could fill more than approved or lies outside the band (a replace raced the fill)', () => {
    const stepped = walk({ steps: [walk().steps[0]!, { at: T0 + 10_000, limitPrice: -1.24, clientOrderId: 'p-s1', orderId: 'o2', state: 'standing' }] });
    const two = [order('o1', { status: 'partially_filled', filledQty: 1, filledAvgPrice: -1.25 }), order('o2', { limitPrice: -1.24 })];
    expect(decideWalk(stepped, two, T0 + 11_000)).toMatchObject({ kind: 'cancel', orders: [{ id: 'o1' }, { id: 'o2' }] });
    const tooBig = [order('o1', { status: 'replaced', filledQty: 1, filledAvgPrice: -1.25 }), order('o2', { limitPrice: -1.24 })];
    expect(decideWalk(stepped, tooBig, T0 + 11_000)).toMatchObject({ kind: 'cancel', orders: [{ id: 'o2' }] });
    const outside = [order('o1', { status: 'partially_filled', filledQty: 1, filledAvgPrice: -1.25, limitPrice: -1.1 })];
    expect(decideWalk(walk(), outside, T0 + 11_000)).toMatchObject({ kind: 'cancel', orders: [{ id: 'o1' }] });
  });

  it('cancels at a person’s request and ends as cancelled; an order the broker ended ends the walk as ended', () => {
    expect(decideWalk(walk({ cancelRequested: true }), [order('o1')], T0 + 1)).toMatchObject({ kind: 'cancel' });
    expect(decideWalk(walk({ cancelRequested: true }), [order('o1', { status: 'canceled' })], T0 + 2)).toMatchObject({ kind: 'finish', status: 'cancelled' });
    expect(decideWalk(walk(), [order('o1', { status: 'expired' })], T0 + 2)).toMatchObject({ kind: 'finish', status: 'ended', detail: 'The broker ended the order (expired); nothing filled.' });
  });
});
