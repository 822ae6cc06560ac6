import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestServices, fakeAssertion, FakeBrokers, FakeClock, fakeRegistration, type TestServices } from '@condor/testkit';
import { execute } from '../operations/execute.js';
import type { ProposalStore } from '../ports/proposal-store.js';
import { reconcileProposal } from './reconcile-proposal.js';
import { browserLogin, CONDOR_OPEN_LEGS, entryProposal, onboardedUser } from '../approval/approval-fixture.js';
import { rejectByLink, startPasskeyApproval } from '../approval/approval-page.js';
import { approveByLink } from './approve-by-link.js';
import { finishPasskeyRegistration, startAddingPasskey } from '../passkeys/register-passkey.js';
import { mintLink } from '../browser/links.js';
import type { ApprovalMethod } from '../ports/proposal-store.js';
import { DEFAULT_CORE_CONFIG, type CoreConfig } from '../services.js';

/**
 * The proposal state machine of design §5 against a model of a few lines: every confirm answer —
 * not found, consumed, expired, blocked, too fast, placed — including the exact 5 s and 60 s edges,
 * with REST-style (X-Batch-Id) and MCP-style (one key per POST) batch keys; and confirms that die (kill -9)
 * after consuming, before or after the broker took the order, followed by reads and start-up reconciles. Extended
 * with who approves (design §12): the agent's confirm, the approval page, an MCP App ticket or an elicitation, and
 * the page's Reject, under each approval policy, on paper and live accounts, with app approvals on or off.
 */

const PASSWORD = 'model password 1';
const STRANGER_ID = '00000000-0000-4000-8000-0000000000ff';

/**
 * fresh: not consumed. placed: its order is at the broker and recorded. sent: a confirm died after the broker took
 * the order, before recording it. unsent: a confirm died after consuming it, before the broker had the order.
 * not_placed: recorded as never placed (its 60 s ran out with nothing at the broker).
 */
type ModelState = 'fresh' | 'placed' | 'sent' | 'unsent' | 'not_placed' | 'rejected';

/** The deployment and account a run is played under. */
interface World {
  readonly policy: 'human' | 'confirm';
  readonly live: boolean;
  readonly appApprovals: boolean;
  /** The person asks for their passkey on paper orders too (a live account always needs it). */
  readonly paperPasskey: boolean;
}

interface ModelProposal {
  readonly id: string;
  readonly createdAt: number;
  readonly batch: string;
  state: ModelState;
  consumedAt: number;
  /** Its approval page link's token. */
  readonly link: string;
  /** How its order was approved, once placed through a method. */
  method: ApprovalMethod | null;
}

interface Model {
  readonly world: World;
  now: number;
  readonly proposals: ModelProposal[];
  orders: number;
}

interface Real {
  readonly services: TestServices & { clock: FakeClock };
  readonly brokers: FakeBrokers;
  readonly userId: string;
  readonly confirm: (proposalId: string, batchKey: string, method?: ApprovalMethod) => Promise<string>;
  /** The approval page's Approve and Reject, in the owner's browser session; Approve with the person's passkey or without. */
  readonly approveOnPage: (link: string, withPasskey: boolean) => Promise<string>;
  readonly rejectOnPage: (link: string) => Promise<string>;
  /** get_positions, which records what the broker holds. */
  readonly read: () => Promise<void>;
}

const GRACE_MS = 15_000;
const inGrace = (model: Model, proposal: ModelProposal): boolean => model.now - proposal.consumedAt < GRACE_MS;
const expiredAt = (model: Model, proposal: ModelProposal): boolean => model.now >= proposal.createdAt + 60_000;

/**
 * Whether `method` may place on the world's account: a passkey always; where a passkey is required (live, or paper
 * when the person asks) nothing else; otherwise a person (an app only while trusted), the agent under `confirm`.
 */
function allowed(world: World, method: ApprovalMethod): boolean {
  if (method === 'passkey') return true;
  if (world.live || world.paperPasskey) return false;
  if (method === 'confirm') return world.policy === 'confirm';
  if (method === 'app') return world.appApprovals;
  return true;
}

const onPage = (method: ApprovalMethod): boolean => method === 'page' || method === 'passkey';

/** What the model says an approval by `method` answers ('placed' for success), and the proposal's state after it. */
function expected(model: Model, proposal: ModelProposal | undefined, batch: string, method: ApprovalMethod): [string, ModelState | null] {
  if (proposal === undefined) return [onPage(method) ? 'NOT_FOUND' : 'PROPOSAL_NOT_FOUND', null];
  switch (proposal.state) {
    case 'fresh':
      if (expiredAt(model, proposal)) return ['PROPOSAL_EXPIRED', 'fresh'];
      if (!onPage(method) && batch === proposal.batch) return ['CONFIRM_BLOCKED', 'fresh'];
      if (!allowed(model.world, method)) return ['CONFIRM_BLOCKED', 'fresh'];
      if (model.now < proposal.createdAt + 5_000) return ['CONFIRM_TOO_FAST', 'fresh'];
      return ['placed', 'placed'];
    case 'sent':
      // Past the grace the order is looked up and recorded, never placed again.
      return ['PROPOSAL_ALREADY_CONSUMED', inGrace(model, proposal) ? 'sent' : 'placed'];
    case 'unsent':
      if (inGrace(model, proposal)) return ['PROPOSAL_ALREADY_CONSUMED', 'unsent'];
      return expiredAt(model, proposal) ? ['PROPOSAL_EXPIRED', 'not_placed'] : ['placed', 'placed'];
    case 'placed':
    case 'not_placed':
    case 'rejected':
      return ['PROPOSAL_ALREADY_CONSUMED', proposal.state];
  }
}

/** What the page's Reject answers, and the proposal's state after it. */
function expectedReject(model: Model, proposal: ModelProposal | undefined): [string, ModelState | null] {
  if (proposal === undefined) return ['NOT_FOUND', null];
  if (proposal.state !== 'fresh') return ['PROPOSAL_ALREADY_CONSUMED', proposal.state];
  return expiredAt(model, proposal) ? ['PROPOSAL_EXPIRED', 'fresh'] : ['rejected', 'rejected'];
}

/** What every step must leave: one order per proposal at most, each recorded proposal with its open position. */
async function checkInvariants(model: Model, real: Real): Promise<void> {
  const orders = real.brokers.allOrders(real.userId);
  expect(orders).toHaveLength(model.orders);
  expect(real.brokers.submitCount(real.userId)).toBe(model.orders);
  expect(new Set(orders.map((order) => order.clientOrderId)).size).toBe(orders.length);
  const positions = await real.services.positions.list(real.userId, false);
  expect(positions.map((p) => p.id).sort()).toEqual(model.proposals.filter((p) => p.state === 'placed').map((p) => p.id).sort());
  expect(positions.every((p) => p.status === 'open')).toBe(true);
  for (const p of model.proposals.filter((p) => p.method !== null)) {
    // The evidence is the method that won the consume, kept with the proposal.
    const approval = (await real.services.proposals.get(real.userId, p.id))?.approval;
    expect([approval?.method, approval?.credentialId ?? null], p.id).toEqual([p.method, p.method === 'passkey' ? 'model-passkey' : null]);
  }
}

/**
 * The fixture's legs moved up $n in strike, so that every proposal of a run opens its own contracts: this model is
 * about one proposal's life, and leg overlaps at placement (issue 33) are confirm-positions.model.test's.
 */
const legsOfProposal = (n: number) =>
  CONDOR_OPEN_LEGS.map((leg) => {
    const strike = Number(leg.symbol.slice(-8)) + n * 1000;
    return { ...leg, symbol: `${leg.symbol.slice(0, -8)}${String(strike).padStart(8, '0')}` };
  });

class Propose implements fc.AsyncCommand<Model, Real> {
  constructor(readonly batch: string) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const id = real.services.ids.uuid();
    await real.services.proposals.insert(entryProposal({ id, ownerId: real.userId, createdAt: model.now, batchKey: this.batch, legs: legsOfProposal(model.proposals.length) }));
    const link = await mintLink(real.services, 'approve_proposal', real.userId, id, model.now + 60_000);
    model.proposals.push({ id, createdAt: model.now, batch: this.batch, state: 'fresh', consumedAt: 0, link, method: null });
  }
  toString = () => `propose(batch ${this.batch})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  run(model: Model, real: Real): Promise<void> {
    model.now += this.ms;
    real.services.clock.advance(this.ms);
    return Promise.resolve();
  }
  toString = () => `advance(${String(this.ms)} ms)`;
}

/** An approval by `method`: confirm_proposal as the agent, with an MCP App's or an elicitation's approval, or the page's Approve. */
class Confirm implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly batch: string,
    readonly unknownId: boolean,
    readonly method: ApprovalMethod = 'confirm',
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const target = this.unknownId || model.proposals.length === 0 ? undefined : model.proposals[this.pick % model.proposals.length];
    const answer =
      onPage(this.method)
        ? await real.approveOnPage(target?.link ?? 'unknown-link-token-0000', this.method === 'passkey')
        : await real.confirm(target?.id ?? STRANGER_ID, this.batch, this.method);
    const [want, next] = expected(model, target, this.batch, this.method);
    expect(answer).toBe(want);
    if (want === 'placed') model.orders++;
    if (target !== undefined && next !== null) {
      if (target.state === 'fresh' && next === 'placed') {
        target.consumedAt = model.now;
        target.method = this.method;
      }
      target.state = next;
    }
    await checkInvariants(model, real);
  }
  toString = () => `${this.method}(#${String(this.pick)}${this.unknownId ? ' unknown id' : ''}, batch ${this.batch})`;
}

/** The approval page's Reject: the proposal ends without an order. */
class Reject implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.proposals.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const target = model.proposals[this.pick % model.proposals.length]!;
    const answer = await real.rejectOnPage(target.link);
    const [want, next] = expectedReject(model, target);
    expect(answer).toBe(want);
    if (next !== null) target.state = next;
    await checkInvariants(model, real);
  }
  toString = () => `reject on the page(#${String(this.pick)})`;
}

/** A confirm of a confirmable proposal that consumed it and died (kill -9): before the submit, or after the broker took the order. */
class Crash implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly sent: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.proposals.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const target = model.proposals[this.pick % model.proposals.length]!;
    if (target.state !== 'fresh' || model.now < target.createdAt + 5_000 || expiredAt(model, target)) return;
    expect(await real.services.proposals.consume(real.userId, target.id, model.now, { method: 'elicitation', at: model.now, userId: real.userId, client: null, address: null })).toBe('consumed');
    target.consumedAt = model.now;
    target.method = 'elicitation';
    target.state = this.sent ? 'sent' : 'unsent';
    if (this.sent) {
      const stored = (await real.services.proposals.get(real.userId, target.id))!;
      const broker = real.services.brokers.open({ ownerId: real.userId, broker: 'sim', environment: 'paper', credentials: null });
      (await broker.submit({ clientOrderId: stored.id, qty: stored.qty, limitPrice: stored.limitPrice, legs: stored.legs }))._unsafeUnwrap();
      model.orders++;
    }
    await checkInvariants(model, real);
  }
  toString = () => `crash(#${String(this.pick)}, ${this.sent ? 'after the broker took the order' : 'before the submit'})`;
}

/** A read: what the broker holds is recorded at once. */
class Read implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    await real.read();
    for (const p of model.proposals) if (p.state === 'sent') p.state = 'placed';
    await checkInvariants(model, real);
  }
  toString = () => 'read positions';
}

/** A restart: every proposal is reconciled, as the runtime does at start; nothing is ever placed. */
class Restart implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    for (const p of model.proposals) {
      const result = (await reconcileProposal(real.userId, p.id, real.services))._unsafeUnwrap();
      const ended = p.state === 'sent' || p.state === 'unsent' ? !inGrace(model, p) : false;
      if (p.state === 'sent' && ended) p.state = 'placed';
      else if (p.state === 'unsent' && ended && expiredAt(model, p)) p.state = 'not_placed';
      else if (p.state === 'sent' || p.state === 'unsent') expect(result.result, p.id).toBe('later');
    }
    await checkInvariants(model, real);
  }
  toString = () => 'restart (reconcile every proposal)';
}

/** The agent may confirm paper orders: the world of the contract's own tests. */
const AGENT_CONFIRMS_PAPER: World = { policy: 'confirm', live: false, appApprovals: true, paperPasskey: false };

/** A registered, onboarded user with a connected simulated broker (live when the world says so), logged in on the HTML page too. */
async function setUp(proposals?: (store: ProposalStore) => ProposalStore, world: World = AGENT_CONFIRMS_PAPER): Promise<Real> {
  const brokers = new FakeBrokers();
  const config: CoreConfig = { ...DEFAULT_CORE_CONFIG, approvalPolicy: world.policy, appApprovals: world.appApprovals };
  const base = createTestServices({ brokers, config });
  const services = (proposals === undefined ? base : { ...base, proposals: proposals(base.proposals) }) as TestServices & { clock: FakeClock };
  const ctx = { services, credential: null, requestId: 'model', batchKey: null };
  const { userId, accessToken: credential } = await onboardedUser(services, 'model@example.com', PASSWORD);
  const call = (tool: string, input: unknown = {}, batchKey: string | null = null) => execute(tool, input, { ...ctx, credential, batchKey });
  const link = (await services.brokerLinks.get(userId))!;
  if (world.live) await services.brokerLinks.put({ ...link, environment: 'live' });
  const browser = await browserLogin(services, 'model@example.com', PASSWORD, 'model-browser');
  const { challenge } = (await startAddingPasskey(services, { userId, email: 'model@example.com', password: PASSWORD }))._unsafeUnwrap();
  (await finishPasskeyRegistration(services, { userId, challenge, response: fakeRegistration(challenge, 'model-passkey'), name: 'Model key' }))._unsafeUnwrap();
  if (world.paperPasskey) await services.userSettings.setPaperPasskeyApprovals(userId, true, services.clock.now());
  // A passkey approval: the page asks for options bound to the proposal and its band, the authenticator answers them.
  const withPasskey = (token: string) =>
    startPasskeyApproval(services, browser, token).andThen(({ challenge: asked }) =>
      approveByLink(services, browser, token, { client: 'model-browser', address: '203.0.113.9' }, { challenge: asked, response: fakeAssertion(asked, 'model-passkey') }),
    );
  const code = (result: { match: <A, B>(ok: () => A, err: (e: { code: string }) => B) => Promise<A | B> }, ok: string) => result.match(() => ok, (e) => e.code);
  return {
    services,
    brokers,
    userId,
    read: async () => {
      (await call('get_positions', { include_closed: true }))._unsafeUnwrap();
    },
    confirm: async (proposalId, batchKey, method = 'confirm') =>
      (
        await execute('confirm_proposal', { proposal_id: proposalId }, {
          ...ctx,
          credential,
          batchKey,
          client: 'model-client/1',
          approval: method === 'app' || method === 'elicitation' ? { method } : null,
        })
      ).match(
        () => 'placed',
        ({ body }) => body.error,
      ),
    approveOnPage: (token, passkey) => code(passkey ? withPasskey(token) : approveByLink(services, browser, token, { client: 'model-browser', address: '203.0.113.9' }), 'placed'),
    rejectOnPage: (token) => code(rejectByLink(services, browser, token), 'rejected'),
  };
}

// REST: X-Batch-Id values a client chose; MCP: one minted key per POST (here a few fixed ones).
const batchKeys = fc.constantFrom('rest-batch-1', 'rest-batch-2', 'mcp-post-a', 'mcp-post-b', 'mcp-post-c');
// Steps that land on and around the 5 s and 60 s edges.
const steps = fc.oneof(fc.constantFrom(1, 999, 1_000, 4_000, 4_999, 5_000, 55_000, 59_999, 60_000), fc.integer({ min: 0, max: 70_000 }));
const methods = fc.constantFrom<ApprovalMethod>('confirm', 'page', 'passkey', 'app', 'elicitation');
const worlds = fc.record({ policy: fc.constantFrom<World['policy']>('human', 'confirm'), live: fc.boolean(), appApprovals: fc.boolean(), paperPasskey: fc.boolean() });

describe('confirm_proposal (design §5) against its model', () => {
  it('answers every approval and rejection as the model does and places at most one order per proposal, through crashes, reads and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            batchKeys.map((batch) => new Propose(batch)),
            steps.map((ms) => new Advance(ms)),
            fc.tuple(fc.nat(), batchKeys, fc.integer({ min: 0, max: 9 }).map((n) => n === 0)).map(([pick, batch, unknownId]) => new Confirm(pick, batch, unknownId)),
            fc.tuple(fc.nat(), batchKeys, methods).map(([pick, batch, method]) => new Confirm(pick, batch, false, method)),
            fc.nat().map((pick) => new Reject(pick)),
            fc.tuple(fc.nat(), fc.boolean()).map(([pick, sent]) => new Crash(pick, sent)),
            fc.constant(new Read()),
            fc.constant(new Restart()),
          ],
          { maxCommands: 40 },
        ),
        worlds,
        async (commands, world) => {
          const real = await setUp(undefined, world);
          const model: Model = { world, now: real.services.clock.now(), proposals: [], orders: 0 };
          await fc.asyncModelRun(() => ({ model, real }), commands);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('allows a confirm at exactly 5.000 s and refuses one at exactly 60.000 s as expired', async () => {
    const real = await setUp();
    const start = real.services.clock.now();
    for (const id of ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222']) {
      await real.services.proposals.insert(entryProposal({ id, ownerId: real.userId, createdAt: start, batchKey: 'made-here' }));
    }
    real.services.clock.advance(4_999);
    expect(await real.confirm('11111111-1111-4111-8111-111111111111', 'other')).toBe('CONFIRM_TOO_FAST');
    real.services.clock.advance(1);
    expect(await real.confirm('11111111-1111-4111-8111-111111111111', 'other')).toBe('placed');
    real.services.clock.advance(54_999);
    expect(await real.confirm('22222222-2222-4222-8222-222222222222', 'made-here')).toBe('CONFIRM_BLOCKED');
    real.services.clock.advance(1);
    expect(await real.confirm('22222222-2222-4222-8222-222222222222', 'other')).toBe('PROPOSAL_EXPIRED');
    expect(real.brokers.allOrders(real.userId)).toHaveLength(1);
  });
});

describe('confirm_proposal under concurrency and broker failures', () => {
  const ID = '33333333-3333-4333-8333-333333333333';

  it('places exactly one order for 50 concurrent confirms of one proposal, whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const real = await setUp((store) => ({
          insert: (p) => store.insert(p),
          get: (owner, id) => s.schedule(store.get(owner, id)),
          consume: (owner, id, at, approval) => s.schedule(store.consume(owner, id, at, approval)),
          book: (owner) => store.book(owner),
          recordOutcome: (id, outcome) => s.schedule(store.recordOutcome(id, outcome)),
          listForPosition: (owner, positionId) => store.listForPosition(owner, positionId),
          listWaiting: (owner, createdAfter) => store.listWaiting(owner, createdAfter),
          unfinished: () => store.unfinished(),
        }));
        await real.services.proposals.insert(entryProposal({ id: ID, ownerId: real.userId, createdAt: real.services.clock.now(), batchKey: 'made-here' }));
        real.services.clock.advance(6_000);
        const answers = Promise.all(Array.from({ length: 50 }, (_, i) => real.confirm(ID, `confirm-${String(i)}`)));
        const results = await s.waitFor(answers);
        expect(results.filter((r) => r === 'placed')).toHaveLength(1);
        expect(results.filter((r) => r === 'PROPOSAL_ALREADY_CONSUMED')).toHaveLength(49);
        expect(real.brokers.allOrders(real.userId)).toHaveLength(1);
        // Confirms that read the proposal after it was consumed wait for the winner instead of submitting again.
        expect(real.brokers.submitCount(real.userId)).toBe(1);
      }),
      { numRuns: 30 },
    );
  });

  it('never sends the order of a consumed proposal late: past its 60 s with nothing at the broker, it is expired', async () => {
    const real = await setUp();
    await real.services.proposals.insert(entryProposal({ id: ID, ownerId: real.userId, createdAt: real.services.clock.now(), batchKey: 'made-here' }));
    real.services.clock.advance(6_000);
    expect(await real.services.proposals.consume(real.userId, ID, real.services.clock.now(), { method: 'confirm', at: real.services.clock.now(), userId: real.userId, client: null, address: null })).toBe('consumed');
    real.services.clock.advance(54_000);
    expect(await real.confirm(ID, 'late')).toBe('PROPOSAL_EXPIRED');
    expect(await real.confirm(ID, 'later')).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(real.brokers.submitCount(real.userId)).toBe(0);
    expect((await real.services.proposals.get(real.userId, ID))?.outcome).toMatchObject({ status: 'rejected' });
  });

  it('after the instance that consumed a proposal died before submitting, a confirm past the grace places it once', async () => {
    const real = await setUp();
    await real.services.proposals.insert(entryProposal({ id: ID, ownerId: real.userId, createdAt: real.services.clock.now(), batchKey: 'made-here' }));
    real.services.clock.advance(6_000);
    // The other instance won the consume, then died: no outcome, nothing at the broker.
    expect(await real.services.proposals.consume(real.userId, ID, real.services.clock.now(), { method: 'confirm', at: real.services.clock.now(), userId: real.userId, client: null, address: null })).toBe('consumed');
    real.services.clock.advance(14_999);
    expect(await real.confirm(ID, 'too-soon')).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(real.brokers.submitCount(real.userId)).toBe(0);
    real.services.clock.advance(1);
    expect(await real.confirm(ID, 'after-grace')).toBe('placed');
    expect(await real.confirm(ID, 'again')).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(real.brokers.allOrders(real.userId).map((order) => order.clientOrderId)).toEqual([ID]);
    expect(real.brokers.submitCount(real.userId)).toBe(1);
  });

  it('after a broker timeout that did place the order, a retry finds it and places nothing more', async () => {
    const real = await setUp();
    await real.services.proposals.insert(entryProposal({ id: ID, ownerId: real.userId, createdAt: real.services.clock.now(), batchKey: 'made-here' }));
    real.services.clock.advance(6_000);
    real.brokers.loseNextSubmitAck(real.userId);
    const first = await real.confirm(ID, 'first');
    const [order] = real.brokers.allOrders(real.userId);
    // The lost acknowledgement is recovered at once by looking the order up by its client order id.
    expect(first).toBe('placed');
    expect(order?.clientOrderId).toBe(ID);
    expect(await real.confirm(ID, 'retry')).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(real.brokers.allOrders(real.userId)).toHaveLength(1);
  });

  it('after a broker timeout that placed nothing, the retry places the order once under the same client order id', async () => {
    const real = await setUp();
    await real.services.proposals.insert(entryProposal({ id: ID, ownerId: real.userId, createdAt: real.services.clock.now(), batchKey: 'made-here' }));
    real.services.clock.advance(6_000);
    real.brokers.failNextSubmit(real.userId);
    expect(await real.confirm(ID, 'first')).toBe('SERVICE_UNAVAILABLE');
    expect(real.brokers.allOrders(real.userId)).toHaveLength(0);
    expect((await real.services.proposals.get(real.userId, ID))?.outcome).toEqual({ status: 'unknown', detail: 'unavailable' });
    const retries = await Promise.all([real.confirm(ID, 'retry-1'), real.confirm(ID, 'retry-2')]);
    expect(retries.filter((r) => r === 'placed')).toHaveLength(1);
    expect(real.brokers.allOrders(real.userId)).toHaveLength(1);
    expect(real.brokers.allOrders(real.userId)[0]?.clientOrderId).toBe(ID);
    expect(await real.confirm(ID, 'later')).toBe('PROPOSAL_ALREADY_CONSUMED');
  });
});
