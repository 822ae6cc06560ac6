import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_CONFIRMS, createTestServices, FakeBrokers, type FakeClock, type TestServices } from '@condor/testkit';
import { entryProposal, onboardedUser } from '../approval/approval-fixture.js';
import { execute } from '../operations/execute.js';
import type { BrokerOrder } from '../ports/broker.js';
import type { WorkingOrder, WorkingOrderStore } from '../ports/working-order-store.js';
import { advanceWalk } from './advance-walk.js';
import { deadlineOf } from '../working-orders/walk-decision.js';
import { pricingPlan, type PricingPlan } from '../working-orders/pricing-plan.js';
import { pricingDetails } from '../working-orders/proposal-pricing.js';

/**
 * The working-order machine (design §15) under everything that can happen to it: fills of the standing order (whole
 * or in part), a fill racing a replace (answered or refused), a replace the broker never answered, a person's cancel,
 * two walkers looking at once, and a walker that dies mid-look (after saving a step as requested, before or after the
 * broker took the replace) and is taken over once its lease ends. After every step: no order at the broker outside
 * the approved band, never more than the approved quantity filled, at most one order working, and no walk leased to
 * two walkers at once; at the end every walk ends, with nothing left working and the position settled as filled, and
 * it ended only at a whole fill, the time limit or a person's cancel (issue 42: a partial fill keeps the rest working).
 */

const LEASE_MS = 30_000;
const PASSWORD = 'walk model password 1';
const QTY = 4;

interface Real {
  readonly services: TestServices & { clock: FakeClock };
  readonly brokers: FakeBrokers;
  readonly userId: string;
  readonly proposalId: string;
  readonly plan: PricingPlan;
  /** The leases each holder was given, to check no two overlap. */
  readonly leases: { holder: string; from: number; until: number }[];
  /** Set by a crash: the next save of that holder throws, as a process dying mid-look. */
  crashing: string | null;
}

type Model = { readonly ended: boolean };

/** The store as one instance sees it, dying at its next save when the model crashes that instance. */
function crashable(store: WorkingOrderStore, real: () => Real, holder: string): WorkingOrderStore {
  return {
    start: (order) => store.start(order),
    get: (owner, id) => store.get(owner, id),
    listOwned: (owner, which) => store.listOwned(owner, which),
    requestCancel: (owner, id) => store.requestCancel(owner, id),
    finishUnclaimed: (order, now) => store.finishUnclaimed(order, now),
    claimDue: async (h, now, leaseMs, limit) => {
      const claimed = await store.claimDue(h, now, leaseMs, limit);
      real().leases.push(...claimed.map(() => ({ holder: h, from: now, until: now + leaseMs })));
      return claimed;
    },
    save: async (order, h, now, release) => {
      if (real().crashing === holder && order.steps.at(-1)?.state !== 'requested') {
        real().crashing = null;
        throw new Error('killed');
      }
      const saved = await store.save(order, h, now, release);
      const lease = real().leases.findLast((l) => l.holder === h);
      if (saved && release && lease !== undefined) lease.until = now;
      return saved;
    },
  };
}

/** One look by `holder`: claim what is due, advance each walk; a crash ends the look without its last save. */
async function look(real: Real, holder: string): Promise<void> {
  const services = { ...real.services, workingOrders: crashable(real.services.workingOrders, () => real, holder) };
  const claimed = await services.workingOrders.claimDue(holder, services.clock.now(), LEASE_MS, 10);
  for (const walk of claimed) {
    await advanceWalk(walk, { holder, services }).catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'killed') throw error;
    });
  }
}

const ordersOf = (real: Real): BrokerOrder[] => real.brokers.allOrders(real.userId).filter((o) => o.clientOrderId.startsWith(real.proposalId));
const working = (orders: readonly BrokerOrder[]) => orders.filter((o) => o.status === 'accepted' || o.status === 'partially_filled' || o.status === 'pending_cancel');
const walkOf = async (real: Real): Promise<WorkingOrder> => (await real.services.workingOrders.get(real.userId, real.proposalId))!;

function checkInvariants(real: Real): void {
  const orders = ordersOf(real);
  for (const order of orders) {
    expect(order.limitPrice).toBeGreaterThanOrEqual(real.plan.startPrice - 1e-9);
    expect(order.limitPrice).toBeLessThanOrEqual(real.plan.worstPrice + 1e-9);
    expect(order.qty).toBe(QTY);
  }
  expect(orders.reduce((sum, o) => sum + o.filledQty, 0)).toBeLessThanOrEqual(QTY);
  expect(working(orders).length).toBeLessThanOrEqual(1);
  const byTime = [...real.leases].sort((a, b) => a.from - b.from);
  for (let i = 1; i < byTime.length; i++) expect(byTime[i]!.from, 'a walk leased while another lease was live').toBeGreaterThanOrEqual(byTime[i - 1]!.until);
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  run(_: Model, real: Real) {
    real.services.clock.advance(this.ms);
    checkInvariants(real);
    return Promise.resolve();
  }
  toString = () => `advance(${String(this.ms)})`;
}

class Look implements fc.AsyncCommand<Model, Real> {
  constructor(readonly holders: readonly string[]) {}
  check = () => true;
  async run(_: Model, real: Real) {
    await Promise.all(this.holders.map((holder) => look(real, holder)));
    checkInvariants(real);
  }
  toString = () => `look(${this.holders.join(' & ')})`;
}

class Fill implements fc.AsyncCommand<Model, Real> {
  constructor(readonly units: number) {}
  check = () => true;
  run(_: Model, real: Real) {
    const standing = working(ordersOf(real)).at(-1);
    if (standing !== undefined) real.brokers.fillPart(real.userId, standing.id, this.units);
    checkInvariants(real);
    return Promise.resolve();
  }
  toString = () => `fill(${String(this.units)})`;
}

class BrokerFault implements fc.AsyncCommand<Model, Real> {
  constructor(readonly fault: 'race_answered' | 'race_refused' | 'unavailable' | 'lost_answer') {}
  check = () => true;
  run(_: Model, real: Real) {
    if (this.fault === 'race_answered' || this.fault === 'race_refused') real.brokers.fillDuringNextReplace(real.userId, this.fault === 'race_answered' ? 'answered' : 'refused');
    else real.brokers.failNextReplace(real.userId, this.fault);
    checkInvariants(real);
    return Promise.resolve();
  }
  toString = () => `broker(${this.fault})`;
}

class Crash implements fc.AsyncCommand<Model, Real> {
  constructor(readonly holder: string) {}
  check = () => true;
  async run(_: Model, real: Real) {
    real.crashing = this.holder;
    await look(real, this.holder);
    real.crashing = null;
    checkInvariants(real);
  }
  toString = () => `crash(${this.holder})`;
}

class PersonCancel implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_: Model, real: Real) {
    await real.services.workingOrders.requestCancel(real.userId, real.proposalId);
    checkInvariants(real);
  }
  toString = () => 'person cancels';
}

async function setUp(): Promise<Real> {
  const brokers = new FakeBrokers();
  const services = createTestServices({ brokers, config: AGENT_CONFIRMS }) as TestServices & { clock: FakeClock };
  const { userId, accessToken } = await onboardedUser(services, 'walker@example.com', PASSWORD);
  const planned = pricingPlan({ mid: -1.25, natural: -1.05 }, { mode: 'normal', worstFromMid: 0.05 });
  if (!planned.ok) throw new Error('the band is valid');
  const proposalId = services.ids.uuid();
  const base = entryProposal({ id: proposalId, ownerId: userId, createdAt: services.clock.now(), qty: QTY, limitPrice: planned.plan.startPrice });
  await services.proposals.insert({ ...base, details: { ...base.details, pricing: pricingDetails(planned.plan) } });
  brokers.decideOrders(userId, () => 'work');
  services.clock.advance(5_000);
  (await execute('confirm_proposal', { proposal_id: proposalId }, { services, credential: accessToken, requestId: 'walk', batchKey: 'other' }))._unsafeUnwrap();
  return { services, brokers, userId, proposalId, plan: planned.plan, leases: [], crashing: null };
}

const holders = fc.constantFrom<readonly string[]>(['a'], ['b'], ['a', 'b']);

describe('the working-order walk against its invariants', () => {
  it('never sends outside the band, never fills more than approved, one order working and one walker at a time, and always ends settled', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            fc.constantFrom(1_000, 5_000, 10_000, 31_000, 60_000).map((ms) => new Advance(ms)),
            holders.map((h) => new Look(h)),
            fc.integer({ min: 1, max: QTY }).map((units) => new Fill(units)),
            fc.constantFrom('race_answered', 'race_refused', 'unavailable', 'lost_answer' as const).map((fault) => new BrokerFault(fault)),
            fc.constantFrom('a', 'b').map((holder) => new Crash(holder)),
            fc.constant(new PersonCancel()),
          ],
          { maxCommands: 40 },
        ),
        async (commands) => {
          const real = await setUp();
          await fc.asyncModelRun(() => ({ model: { ended: false }, real }), commands);
          // Liveness: with time and looks the walk always ends, nothing is left working, and the position follows it.
          for (let i = 0; i < 40 && (await walkOf(real)).status === 'working'; i++) {
            real.services.clock.advance(31_000);
            await look(real, 'c');
            checkInvariants(real);
          }
          const walk = await walkOf(real);
          expect(walk.status).not.toBe('working');
          const orders = ordersOf(real);
          expect(working(orders)).toEqual([]);
          const filled = orders.reduce((sum, o) => sum + o.filledQty, 0);
          expect(walk.filledQty).toBe(filled);
          expect(walk.status).toBe(filled === QTY ? 'filled' : filled > 0 ? 'partial' : walk.status);
          // A walk ends only at a whole fill, the time limit or a person's cancel (this broker never ends an order itself).
          if (walk.status !== 'filled') expect(walk.cancelRequested || (walk.endedAt ?? 0) >= deadlineOf(walk), `${walk.status} at ${String(walk.endedAt)}`).toBe(true);
          const position = await real.services.positions.get(real.userId, real.proposalId);
          expect(position?.status).toBe(filled > 0 ? 'open' : 'closed');
          if (filled > 0) expect(position?.qty).toBe(filled);
        },
      ),
      { numRuns: 150 },
    );
  });
});
