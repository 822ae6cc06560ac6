import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FREE_QUOTAS } from '@condor/core';
import type { Broker, BrokerError, BrokerOrder, Brokers, ManagedPosition, MultiLegOrder, OrderLeg, PaperLedger, Proposal, Services } from '@condor/core';
import {
  migrateToLatest,
  openSqlite,
  SqlApiKeyStore,
  SqlSingleUseLinkStore,
  SqlBrokerLinkStore,
  SqlBrowserSessionStore,
  SqlOnboardingStore,
  SqlPaperLedger,
  SqlPositionStore,
  SqlProposalStore,
  SqlQuotaStore,
  SqlRateLimitStore,
  SqlSavedStrategyStore,
  SqlSessionStore,
  SqlStrategyRunStore,
  SqlSubscriptionStore,
  SqlUserStore,
} from '@condor/store-sql';
import { Sha256Digest } from '@condor/runtime';
import { AGENT_CONFIRMS, createTestServices, FakeClock } from '@condor/testkit';
import { SIMULATED_NOTICE, SimBrokers, SimMarketData } from '../../../packages/broker-sim/src/index.js';
import { MemoryPaperLedger } from '../../../packages/broker-sim/src/memory-paper-ledger.js';
import { createApp } from '../src/index.js';

/**
 * A stateful test of the REST API (issue 33): three users, each acting as a busy agent would with CONDOR_APPROVAL=confirm
 * on the simulated market and paper broker — searching, proposing a found candidate (often one another user, or the
 * same user, proposed already), exiting and rolling their own positions, confirming any of their own proposals, reading
 * positions — while the clock moves (a fake one, so the 5 s floor costs no real time). The app is the real Hono app
 * in process, over the in-memory stores or over SQLite (the stores a deployment runs). After every step, for every
 * user:
 * - no two of their positions that are not closed share a leg;
 * - every order the broker took closes only legs its position held when it was placed (open, on those sides, in the
 *   order's quantity) and opens none another of their positions held; the broker refused nothing but for buying power;
 * - a confirm that did not place (a proposal not yet consumed) left nothing at the broker and the proposal
 *   unconsumed; one whose book no longer allows it is refused, and one it allows is placed when nothing is in flight;
 * - their book matches the broker's holdings on every contract no order is in flight on, and on every contract after
 *   they read their positions (and at the end of every sequence).
 * Exits proposed with a low limit_price work at the broker (the position closing) until the market comes to them or
 * the user cancels them (positions action 'cancel'), so proposals meet positions that are closing or opening too.
 *
 * Seeded; CONDOR_STATEFUL_RUNS=N runs N sequences over each kind of store (CONDOR_STATEFUL_SEED another seed).
 */

const RUNS = Number(process.env['CONDOR_STATEFUL_RUNS'] ?? 20);
const SEED = Number(process.env['CONDOR_STATEFUL_SEED'] ?? 33_2026);
/** Tuesday 10 February 2026, 10:00 New York: a regular session with hours to go. */
const SIM_START = Date.UTC(2026, 1, 10, 15);
const PASSWORD = 'stateful password 1';
const USERS = 3;

type Json = Record<string, unknown>;
type Answer = { readonly status: number; readonly body: Json };

const WORKING = new Set(['accepted', 'partially_filled', 'pending_cancel']);
const opens = (leg: OrderLeg): boolean => leg.intent.endsWith('_to_open');
const closedSide = (leg: OrderLeg): 'long' | 'short' => (leg.side === 'buy' ? 'short' : 'long');
const signedQty = (side: 'long' | 'short', qty: number): number => (side === 'long' ? qty : -qty);
/** The proposal an order was placed for: its client order id, less step 2's '-2'. */
const proposalOf = (clientOrderId: string): string => clientOrderId.replace(/-2$/, '');
/** Step 2's legs of a two-step roll; none for any other proposal. */
const stepTwoLegs = (proposal: Proposal): readonly OrderLeg[] => {
  const steps = proposal.details['steps'];
  return proposal.kind === 'roll' && Array.isArray(steps) && steps.length === 2 ? ((steps[1] as { legs: OrderLeg[] }).legs) : [];
};

/** A submit as the broker answered it. */
interface Submit {
  readonly ownerId: string;
  readonly order: MultiLegOrder;
  readonly placed: BrokerOrder | null;
  readonly error: BrokerError | null;
}

/** The simulated brokers, with every submit kept as the broker answered it. */
class RecordingBrokers implements Brokers {
  readonly submits: Submit[] = [];
  readonly available: Brokers['available'];
  constructor(private readonly inner: Brokers) {
    this.available = inner.available;
  }
  open(access: Parameters<Brokers['open']>[0]): Broker {
    const broker = this.inner.open(access);
    const keep = (submit: Omit<Submit, 'ownerId'>) => this.submits.push({ ownerId: access.ownerId, ...submit });
    return {
      verify: () => broker.verify(),
      positions: () => broker.positions(),
      orders: (which) => broker.orders(which),
      submit: (order) =>
        broker
          .submit(order)
          .map((placed) => (keep({ order, placed, error: null }), placed))
          .mapErr((error) => (keep({ order, placed: null, error }), error)),
      orderByClientId: (id) => broker.orderByClientId(id),
      cancel: (id) => broker.cancel(id),
      replace: (replacement) => broker.replace(replacement),
    };
  }
}

/** The stores a run uses: the in-memory ones, or SQLite's (those a deployment runs on). */
type StoreKind = 'memory' | 'sqlite';

interface World {
  readonly services: Services & { clock: FakeClock };
  readonly ledger: PaperLedger;
  readonly brokers: RecordingBrokers;
  readonly send: (method: string, path: string, body: unknown, token: string, batch?: string) => Promise<Answer>;
  readonly users: { readonly id: string; readonly token: string }[];
  close(): Promise<void>;
}

async function world(kind: StoreKind): Promise<World> {
  const clock = new FakeClock(SIM_START);
  const market = new SimMarketData(clock, 1, { session: 'exchange' });
  const base = createTestServices({
    clock,
    market,
    marketNotice: SIMULATED_NOTICE,
    config: { ...AGENT_CONFIRMS, accessTokenTtlSeconds: 24 * 3600, freeQuotas: { ...DEFAULT_FREE_QUOTAS, find_iron_condors: 100_000 } },
  });
  let db: ReturnType<typeof openSqlite> | null = null;
  let sql: Partial<Services> = {};
  let ledger: PaperLedger = new MemoryPaperLedger();
  if (kind === 'sqlite') {
    db = openSqlite(':memory:');
    await migrateToLatest(db);
    ledger = new SqlPaperLedger(db);
    sql = {
      // The tables check that digests are SHA-256 hex, as the runtime's are.
      digest: new Sha256Digest(),
      users: new SqlUserStore(db),
      sessions: new SqlSessionStore(db),
      onboarding: new SqlOnboardingStore(db),
      subscriptions: new SqlSubscriptionStore(db),
      quotas: new SqlQuotaStore(db),
      rateLimits: new SqlRateLimitStore(db),
      strategyRuns: new SqlStrategyRunStore(db),
      savedStrategies: new SqlSavedStrategyStore(db),
      brokerLinks: new SqlBrokerLinkStore(db),
      proposals: new SqlProposalStore(db),
      singleUseLinks: new SqlSingleUseLinkStore(db),
      browserSessions: new SqlBrowserSessionStore(db),
      apiKeys: new SqlApiKeyStore(db),
      positions: new SqlPositionStore(db),
    };
  }
  const brokers = new RecordingBrokers(new SimBrokers(market, clock, base.ids, { ledger, requestsPerMinute: 1_000_000 }));
  const services: Services & { clock: FakeClock } = { ...base, ...sql, brokers, clock };
  const app = createApp(services, { accessLog: false, rateLimit: { limit: 1_000_000, windowSeconds: 60 } });
  const send = async (method: string, path: string, body: unknown, token: string | null, batch?: string): Promise<Answer> => {
    const response = await app.request(path, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(batch === undefined ? {} : { 'x-batch-id': batch }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = { status: response.status, body: (await response.json()) as Json };
    // An unexpected error is a bug whatever the step: say what the service logged.
    if (response.status >= 500) throw new Error(`${method} ${path} answered ${String(response.status)}: ${JSON.stringify(answer.body)}; logged ${JSON.stringify(base.logger.lines.filter((l) => l.level === 'error'))}`);
    return answer;
  };
  const users: { id: string; token: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `trader-${String(i)}@example.com`;
    expect((await send('POST', '/v1/users', { email, password: PASSWORD }, null)).status).toBe(200);
    const login = await send('POST', '/v1/sessions', { email, password: PASSWORD }, null);
    const token = login.body['access_token'] as string;
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`, undefined, token);
    await send('POST', '/v1/onboarding/eua-acceptance', {}, token);
    await send('POST', '/v1/onboarding/risk-acknowledgement', {}, token);
    const connected = await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, token);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    users.push({ id: (login.body['user'] as { user_id: string }).user_id, token });
  }
  return { services, ledger, brokers, send, users, close: async () => db?.destroy() };
}

interface ModelProposal {
  readonly id: string;
  readonly user: number;
  readonly batch: string;
}

interface Model {
  /** Candidates find_iron_condors returned, newest last (any user may propose any of them). */
  readonly candidates: Json[];
  readonly proposals: ModelProposal[];
  /** The position ids each user has seen (in confirm answers and get_positions). */
  readonly positions: Set<string>[];
  turn: number;
}

/** The book and the broker before a step, per user. */
interface Snapshot {
  readonly positions: (readonly ManagedPosition[])[];
  readonly proposals: ReadonlyMap<string, Proposal>;
  readonly submits: number;
}

async function snapshot(model: Model, w: World): Promise<Snapshot> {
  const proposals = new Map<string, Proposal>();
  for (const p of model.proposals) proposals.set(p.id, (await w.services.proposals.get(w.users[p.user]!.id, p.id))!);
  return { positions: await Promise.all(w.users.map((u) => w.services.positions.list(u.id, false))), proposals, submits: w.brokers.submits.length };
}

const openedBy = (proposal: Proposal): string[] => [...proposal.legs, ...stepTwoLegs(proposal)].filter(opens).map((leg) => leg.symbol);

/** Whether the owner's book (`positions`, before the step) allows placing `proposal`, from first principles. */
function bookAllows(proposal: Proposal, positions: readonly ManagedPosition[]): boolean {
  const own = proposal.kind === 'entry' ? undefined : positions.find((p) => p.id === proposal.positionId);
  const closing = proposal.legs.filter((leg) => !opens(leg));
  if (proposal.kind !== 'entry') {
    if (own?.status !== 'open' || own.qty !== proposal.qty) return false;
    if (!closing.every((leg) => own.legs.some((held) => held.symbol === leg.symbol && held.side === closedSide(leg)))) return false;
  }
  const held = positions
    .filter((p) => p.status !== 'closed')
    .flatMap((p) => p.legs.filter((leg) => !(p.id === own?.id && closing.some((c) => c.symbol === leg.symbol))).map((leg) => leg.symbol));
  return !openedBy(proposal).some((symbol) => held.includes(symbol));
}

/** Nothing of the owner's in flight: no position opening or closing, no approved order of unknown fate, no roll between its steps. */
function quiet(owner: string, positions: readonly ManagedPosition[], proposals: Iterable<Proposal>, orders: readonly BrokerOrder[]): boolean {
  if (positions.some((p) => p.status === 'opening' || p.status === 'closing')) return false;
  if (orders.some((o) => WORKING.has(o.status))) return false;
  for (const p of proposals) {
    if (p.ownerId !== owner || p.consumedAt === null || p.approval === null) continue;
    if (p.outcome === null || p.outcome.status === 'unknown') return false;
    if (stepTwoLegs(p).length > 0 && !orders.some((o) => o.clientOrderId === `${p.id}-2`)) {
      const position = positions.find((x) => x.id === p.positionId);
      if (position?.status === 'closed' && p.outcome.status === 'submitted' && position.orderIds.at(-1) === p.outcome.orderId) return false;
    }
  }
  return true;
}

/** What the book says the account holds (see the core model test): open positions, and those whose working order closes legs. */
function bookHoldings(positions: readonly ManagedPosition[], orders: readonly BrokerOrder[]): Map<string, number> {
  const held = new Map<string, number>();
  const holds = (p: ManagedPosition): boolean => {
    if (p.status === 'open') return true;
    if (p.status === 'closed') return false;
    return orders.find((o) => o.id === p.orderIds.at(-1))?.legs.some((leg) => !opens(leg)) ?? false;
  };
  for (const p of positions.filter(holds)) {
    for (const leg of p.legs) held.set(leg.symbol, (held.get(leg.symbol) ?? 0) + signedQty(leg.side, p.qty));
  }
  for (const [symbol, qty] of held) if (qty === 0) held.delete(symbol);
  return held;
}

/** Contracts an order may be changing without the book knowing yet (working, unrecorded, or of a position opening or closing). */
function inFlight(positions: readonly ManagedPosition[], orders: readonly BrokerOrder[]): Set<string> {
  const symbols = new Set<string>();
  const recorded = new Set(positions.flatMap((p) => p.orderIds));
  const add = (legs: readonly { symbol: string }[]) => {
    for (const leg of legs) symbols.add(leg.symbol);
  };
  for (const p of positions.filter((x) => x.status === 'opening' || x.status === 'closing')) {
    add(p.legs);
    add(orders.find((o) => o.id === p.orderIds.at(-1))?.legs ?? []);
  }
  for (const o of orders) if (!recorded.has(o.id) || WORKING.has(o.status)) add(o.legs);
  return symbols;
}

/** The account as the broker stores it now (no fills applied by reading it). */
async function account(w: World, userId: string): Promise<{ holdings: Map<string, number>; orders: BrokerOrder[] }> {
  const book = await w.ledger.load(userId);
  return { holdings: new Map((book?.holdings ?? []).filter((h) => h.qty !== 0).map((h) => [h.symbol, h.qty])), orders: (book?.orders ?? []).map((r) => r.order) };
}

/** The invariants every step must leave, for every user; `settled`: the users who just read their positions. */
async function checkInvariants(w: World, before: Snapshot, settled: ReadonlySet<number> = new Set()): Promise<void> {
  for (const [i, user] of w.users.entries()) {
    const positions = await w.services.positions.list(user.id, false);
    const owners = new Map<string, string>();
    for (const p of positions.filter((x) => x.status !== 'closed')) {
      for (const leg of p.legs) {
        expect(owners.get(leg.symbol), `user ${String(i)}: ${leg.symbol} is a leg of ${String(owners.get(leg.symbol))} and of ${p.id}`).toBeUndefined();
        owners.set(leg.symbol, p.id);
      }
    }
    const { holdings, orders } = await account(w, user.id);
    for (const p of positions) if (p.status === 'opening' || p.status === 'closing') count(`step with a position ${p.status}`);
    const book = bookHoldings(positions, orders);
    const skip = settled.has(i) ? new Set<string>() : inFlight(positions, orders);
    const keep = (m: Map<string, number>) => [...m].filter(([symbol]) => !skip.has(symbol)).sort(([a], [b]) => a.localeCompare(b));
    expect(keep(book), `user ${String(i)}: the book ${settled.has(i) ? 'after a read' : 'on contracts with nothing in flight'} against the broker`).toEqual(keep(holdings));
  }
  for (const submit of w.brokers.submits.slice(before.submits)) {
    const { order } = submit;
    const who = w.users.findIndex((u) => u.id === submit.ownerId);
    if (submit.error !== null) {
      // The paper broker refuses a closing order for legs the account does not hold: condor must never send one.
      expect(submit.error.kind === 'rejected' ? submit.error.message : submit.error.kind, `user ${String(who)}: ${order.clientOrderId} refused`).toMatch(/insufficient buying power/);
      continue;
    }
    const proposal = (await w.services.proposals.get(submit.ownerId, proposalOf(order.clientOrderId)))!;
    expect(proposal, order.clientOrderId).toBeDefined();
    expect(proposal.approval, `${order.clientOrderId} was placed without an approval`).not.toBeNull();
    const positions = before.positions[who]!;
    const own = positions.find((p) => p.id === proposal.positionId);
    const closing = order.legs.filter((leg) => !opens(leg));
    if (closing.length > 0) {
      expect(own?.status, `user ${String(who)}: ${order.clientOrderId} closes legs of position ${proposal.positionId}, which was ${String(own?.status)}`).toBe('open');
      expect(own?.qty).toBe(order.qty);
      for (const leg of closing) {
        expect(own?.legs.some((held) => held.symbol === leg.symbol && held.side === closedSide(leg)), `${order.clientOrderId} closes ${leg.symbol}, which ${proposal.positionId} does not hold ${closedSide(leg)}`).toBe(true);
      }
    }
    const closedHere = new Set(proposal.legs.filter((leg) => !opens(leg)).map((leg) => leg.symbol));
    for (const leg of order.legs.filter(opens)) {
      const holder = positions.find((p) => p.status !== 'closed' && p.legs.some((held) => held.symbol === leg.symbol) && !(p.id === proposal.positionId && closedHere.has(leg.symbol)));
      expect(holder?.id, `user ${String(who)}: ${order.clientOrderId} opens ${leg.symbol}, a leg of position ${String(holder?.id)}`).toBeUndefined();
    }
  }
}

const batchOf = (model: Model, user: number): string => `user-${String(user)}-turn-${String(++model.turn)}`;
const learnPositions = (model: Model, user: number, body: Json) => {
  for (const p of (body['positions'] as { position_id: string }[] | undefined) ?? []) model.positions[user]!.add(p.position_id);
  if (typeof body['position_id'] === 'string') model.positions[user]!.add(body['position_id']);
};

/** What each run adds up, to show the sequences reach what issue 33 is about. */
const seen = new Map<string, number>();
const count = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);

class Search implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly user: number,
    readonly window: readonly [number, number],
  ) {}
  check = () => true;
  async run(model: Model, w: World): Promise<void> {
    const before = await snapshot(model, w);
    const [dteMin, dteMax] = this.window;
    const found = await w.send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 3, dte_min: dteMin, dte_max: dteMax }, w.users[this.user]!.token);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    count(`search: ${String((found.body['candidates'] as Json[] | undefined)?.length)} candidates`);
    for (const candidate of (found.body['candidates'] as Json[] | undefined) ?? []) model.candidates.push(candidate);
    model.candidates.splice(0, Math.max(0, model.candidates.length - 6));
    expect(w.brokers.submits.length).toBe(before.submits);
    await checkInvariants(w, before);
  }
  toString = () => `user ${String(this.user)}: find_iron_condors(${this.window.join('-')} DTE)`;
}

class ProposeEntry implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly user: number,
    readonly pick: number,
    readonly qty: number,
  ) {}
  check = () => true;
  async run(model: Model, w: World): Promise<void> {
    // An agent with nothing found yet searches first.
    if (model.candidates.length === 0) await new Search(this.user, [20, 50]).run(model, w);
    const before = await snapshot(model, w);
    const candidate = model.candidates[model.candidates.length - 1 - (this.pick % model.candidates.length)];
    const batch = batchOf(model, this.user);
    const answer = await w.send('POST', '/v1/proposals/entries', { candidate, qty: this.qty }, w.users[this.user]!.token, batch);
    count(answer.status === 200 ? 'entry proposed' : `entry ${String(answer.body['error'])}`);
    if (answer.status === 200) model.proposals.push({ id: answer.body['proposal_id'] as string, user: this.user, batch });
    // The gate may refuse (overlapping legs held, price moved, risk): valid calls, refused by the contract's codes.
    else expect(['OVERLAPPING_LEGS', 'ENTRY_REJECTED'], JSON.stringify(answer.body)).toContain(answer.body['error']);
    expect(w.brokers.submits.length).toBe(before.submits);
    await checkInvariants(w, before);
  }
  toString = () => `user ${String(this.user)}: propose_entry(candidate #${String(this.pick)}, qty ${String(this.qty)})`;
}

/** propose_exit or propose_roll of one of the user's positions (any they have seen, closed ones too). */
class ProposeOnPosition implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly user: number,
    readonly pick: number,
    readonly what: 'exit' | 'put' | 'call' | 'both',
    readonly targetDte: number,
    /** Of a position the user holds open (when they have one), else of any they have seen. */
    readonly preferOpen: boolean,
    /** An exit's limit_price: a low one works at the broker until the market comes to it, or it is cancelled. */
    readonly limit: number | null = null,
  ) {}
  check = (model: Readonly<Model>) => model.positions.some((ids) => ids.size > 0);
  async run(model: Model, w: World): Promise<void> {
    const before = await snapshot(model, w);
    // This user's positions, or those of a user who has some.
    const user = model.positions[this.user]!.size > 0 ? this.user : model.positions.findIndex((ids) => ids.size > 0);
    const open = new Set(before.positions[user]!.filter((p) => p.status === 'open').map((p) => p.id));
    const seenIds = [...model.positions[user]!];
    const ids = this.preferOpen && seenIds.some((id) => open.has(id)) ? seenIds.filter((id) => open.has(id)) : seenIds;
    const id = ids[ids.length - 1 - (this.pick % ids.length)]!;
    const batch = batchOf(model, user);
    const token = w.users[user]!.token;
    const answer =
      this.what === 'exit'
        ? await w.send('POST', '/v1/proposals/exits', { position_id: id, ...(this.limit === null ? {} : { limit_price: this.limit }) }, token, batch)
        : await w.send('POST', '/v1/proposals/rolls', { position_id: id, side: this.what, target_dte: this.targetDte }, token, batch);
    count(answer.status === 200 ? `${this.what} proposed` : `${this.what} ${String(answer.body['error'])}`);
    if (answer.status === 200) {
      model.proposals.push({ id: answer.body['proposal_id'] as string, user, batch });
      expect(before.positions[user]!.find((p) => p.id === id)?.status, 'only an open position can be exited or rolled').toBe('open');
    } else expect(['ENTRY_REJECTED', 'OVERLAPPING_LEGS'], JSON.stringify(answer.body)).toContain(answer.body['error']);
    expect(w.brokers.submits.length).toBe(before.submits);
    await checkInvariants(w, before);
  }
  toString = () => `user ${String(this.user)} (else one with positions): propose_${this.what === 'exit' ? `exit${this.limit === null ? '' : ` at ${String(this.limit)}`}` : `roll ${this.what} → ${String(this.targetDte)} DTE`}(${this.preferOpen ? 'open ' : ''}position #${String(this.pick)})`;
}

class Confirm implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly user: number,
    readonly pick: number,
    /** Of a proposal awaiting confirmation (one that may be confirmed now, when the user has one), else of any recent one of theirs. */
    readonly awaiting: boolean,
    /** In the batch that made it (blocked), as an agent confirming in the same turn would. */
    readonly sameBatch: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.proposals.length > 0;
  async run(model: Model, w: World): Promise<void> {
    const before = await snapshot(model, w);
    // Each user confirms only their own proposals: this user's, or those of the user who proposed last.
    const who = model.proposals.some((p) => p.user === this.user) ? this.user : model.proposals.at(-1)!.user;
    const mine = model.proposals.filter((p) => p.user === who);
    const now = w.services.clock.now();
    const awaiting = mine.filter((p) => before.proposals.get(p.id)?.consumedAt === null && now < before.proposals.get(p.id)!.createdAt + 60_000);
    const confirmable = awaiting.filter((p) => now >= before.proposals.get(p.id)!.createdAt + 5_000);
    const choices = (this.awaiting && confirmable.length > 0 ? confirmable : this.awaiting && awaiting.length > 0 ? awaiting : mine).slice(-4);
    const target = choices[this.pick % choices.length]!;
    const proposal = before.proposals.get(target.id)!;
    const batch = this.sameBatch ? target.batch : batchOf(model, who);
    const user = w.users[who]!;
    const { orders: ordersBefore } = await account(w, user.id);
    const answer = await w.send('POST', `/v1/proposals/${target.id}/confirmation`, {}, user.token, batch);
    const after = (await w.services.proposals.get(user.id, target.id))!;
    const code = answer.status === 200 ? 'placed' : String(answer.body['error']);
    const message = typeof answer.body['message'] === 'string' ? answer.body['message'] : '';
    learnPositions(model, who, answer.body);
    const fresh = proposal.consumedAt === null;
    const inTime = fresh && now < proposal.createdAt + 60_000 && now >= proposal.createdAt + 5_000 && !this.sameBatch;
    count(`${fresh ? 'awaiting' : 'consumed'} ${proposal.kind}: ${code}${proposal.outcome?.status === 'void' ? ' (void)' : ''}`);
    const accepted = w.brokers.submits.slice(before.submits).filter((s) => s.placed !== null);

    if (fresh && code !== 'placed') {
      // Nothing placed, and the proposal as it was — unless the broker itself refused the order (buying power).
      expect(accepted, `${code}: ${message}`).toEqual([]);
      if (!message.includes('The broker rejected the order')) {
        expect(w.brokers.submits.length, `${code}: ${message}`).toBe(before.submits);
        expect(after.consumedAt, `${code} consumed ${target.id}`).toBeNull();
      }
      if (inTime) expect(['OVERLAPPING_LEGS', 'ENTRY_REJECTED'], `${code}: ${message}`).toContain(code);
    }
    if (!fresh && proposal.outcome?.status === 'void') expect(accepted, 'a void proposal placed an order').toEqual([]);
    if (inTime) {
      const mineBefore = before.positions[who]!;
      if (!bookAllows(proposal, mineBefore)) expect(code, `${proposal.kind} ${target.id}: ${message}`).not.toBe('placed');
      else if (quiet(user.id, mineBefore, before.proposals.values(), ordersBefore) && !message.includes('The broker rejected the order')) {
        expect(`${code}: ${message}`, `${proposal.kind} ${target.id}`).toMatch(/^placed/);
      }
    }
    await checkInvariants(w, before);
  }
  toString = () => `user ${String(this.user)} (else the last proposer): confirm_proposal(${this.awaiting ? 'awaiting ' : ''}#${String(this.pick)}${this.sameBatch ? ', same batch' : ''})`;
}

/** Two calls in a row, as a busy agent makes them: the same candidate proposed twice, the same position exited twice. */
class Twice implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly first: fc.AsyncCommand<Model, World>,
    readonly second: fc.AsyncCommand<Model, World>,
  ) {}
  check = (model: Readonly<Model>) => this.first.check(model);
  async run(model: Model, w: World): Promise<void> {
    await this.first.run(model, w);
    if (this.second.check(model)) await this.second.run(model, w);
  }
  toString = () => `${String(this.first)}; ${String(this.second)}`;
}

/** positions(action='cancel') of one of the user's working orders, listed with positions(action='orders'). */
class CancelWorking implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly user: number,
    readonly pick: number,
  ) {}
  check = () => true;
  async run(model: Model, w: World): Promise<void> {
    const token = w.users[this.user]!.token;
    const before = await snapshot(model, w);
    const listed = await w.send('POST', '/v1/positions/actions', { action: 'orders' }, token);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const working = (listed.body['orders'] as { order_id: string; status: string }[]).filter((o) => WORKING.has(o.status));
    const order = working[this.pick % Math.max(1, working.length)];
    if (order !== undefined) {
      const answer = await w.send('POST', '/v1/positions/actions', { action: 'cancel', order_id: order.order_id }, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      count(answer.body['canceled'] === true ? 'working order cancelled' : `cancel ${String(answer.body['error'])}`);
    }
    expect(w.brokers.submits.length).toBe(before.submits);
    await checkInvariants(w, before);
  }
  toString = () => `user ${String(this.user)}: positions(cancel working order #${String(this.pick)})`;
}

class Advance implements fc.AsyncCommand<Model, World> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, w: World): Promise<void> {
    const before = await snapshot(model, w);
    w.services.clock.advance(this.ms);
    await checkInvariants(w, before);
  }
  toString = () => `advance(${String(this.ms)} ms)`;
}

/** get_positions: the user's book catches up with the broker, and must then match it on every contract. */
class GetPositions implements fc.AsyncCommand<Model, World> {
  constructor(readonly user: number) {}
  check = () => true;
  async run(model: Model, w: World): Promise<void> {
    const before = await snapshot(model, w);
    const answer = await w.send('GET', '/v1/positions?include_closed=true', undefined, w.users[this.user]!.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    learnPositions(model, this.user, answer.body);
    await checkInvariants(w, before, new Set([this.user]));
  }
  toString = () => `user ${String(this.user)}: get_positions`;
}

const users = fc.integer({ min: 0, max: USERS - 1 });
const command: fc.Arbitrary<fc.AsyncCommand<Model, World>> = fc.oneof(
  { weight: 1, arbitrary: fc.tuple(users, fc.constantFrom<readonly [number, number]>([20, 50], [20, 50], [30, 60])).map(([u, window]) => new Search(u, window)) },
  // Mostly the newest candidates: the same one is often proposed twice, by one user or by two.
  { weight: 3, arbitrary: fc.tuple(users, fc.integer({ min: 0, max: 5 }), fc.constantFrom(1, 1, 2)).map(([u, pick, qty]) => new ProposeEntry(u, pick % 3 === 2 ? pick : pick % 2, qty)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(users, fc.constantFrom(0, 1, 2), fc.integer({ min: 0, max: 2 }), fc.constantFrom(1, 1, 2))
      .map(([u, other, pick, qty]) => new Twice(new ProposeEntry(u, pick, qty), new ProposeEntry(other === 0 ? u : (u + other) % USERS, pick, qty))),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        users,
        fc.nat(),
        fc.constantFrom<ProposeOnPosition['what']>('exit', 'exit', 'put', 'call', 'both'),
        fc.constantFrom(20, 45, 75),
        fc.constantFrom(true, true, true, false),
        fc.constantFrom(null, null, 0.05),
      )
      .map(([u, pick, what, dte, preferOpen, limit]) => new ProposeOnPosition(u, pick, what, dte, preferOpen, limit)),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(users, fc.nat(), fc.constantFrom<ProposeOnPosition['what']>('exit', 'put', 'call', 'both'), fc.constantFrom(20, 45, 75))
      .map(([u, pick, what, dte]) => new Twice(new ProposeOnPosition(u, pick, 'exit', dte, true), new ProposeOnPosition(u, pick, what, dte, true))),
  },
  { weight: 14, arbitrary: fc.tuple(users, fc.nat(), fc.constantFrom(true, true, true, true, true, true, true, false), fc.constantFrom(false, false, false, false, false, true)).map(([u, pick, awaiting, same]) => new Confirm(u, pick, awaiting, same)) },
  { weight: 6, arbitrary: fc.constantFrom(1_000, 5_000, 5_000, 6_000, 6_000, 10_000, 20_000, 30_000, 61_000, 61_000, 300_000).map((ms) => new Advance(ms)) },
  { weight: 3, arbitrary: users.map((u) => new GetPositions(u)) },
  { weight: 1, arbitrary: fc.tuple(users, fc.nat()).map(([u, pick]) => new CancelWorking(u, pick)) },
);

describe.each<StoreKind>(['memory', 'sqlite'])('three users trading through the REST API (%s stores), invariants after every step', (kind) => {
  it('never closes legs a position does not hold, never lets two open positions share a leg, and keeps each book on the broker', async () => {
    seen.clear();
    await fc.assert(
      fc.asyncProperty(fc.commands([command], { maxCommands: 60, size: 'max' }), async (cmds) => {
        const w = await world(kind);
        try {
          const model: Model = { candidates: [], proposals: [], positions: Array.from({ length: USERS }, () => new Set<string>()), turn: 0 };
          await fc.asyncModelRun(() => ({ model, real: w }), cmds);
          // At the end every user reads their positions: each book matches the broker on every contract.
          for (let u = 0; u < USERS; u++) await new GetPositions(u).run(model, w);
        } finally {
          await w.close();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    if (process.env['CONDOR_STATEFUL_STATS']) console.log(kind, Object.fromEntries([...seen].sort()));
    // The sequences reach what the invariants are about: entries, exits and rolls placed, a second entry of held legs
    // refused at its confirm, and a leftover exit or roll void (asked of runs this long).
    if (RUNS < 20) return;
    for (const key of ['awaiting entry: placed', 'awaiting exit: placed', 'awaiting roll: placed', 'awaiting entry: OVERLAPPING_LEGS']) expect(seen.get(key) ?? 0, key).toBeGreaterThan(0);
    expect([...seen.keys()].filter((key) => key.endsWith('(void)')), 'leftover exits and rolls answered as void').not.toEqual([]);
  }, 300_000);
});
