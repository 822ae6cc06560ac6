import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execute, type ErrorResult, type OptionContract, type Proposal } from '@condor/core';
import { AGENT_CONFIRMS, createTestServices, FakeBrokers, FixtureMarketData, type FakeClock, type TestServices } from '@condor/testkit';
import { SqlPositionStore } from '../src/sql-position-store.js';
import { SqlProposalStore } from '../src/sql-proposal-store.js';
import { SqlUserStore } from '../src/sql-user-store.js';
import { SqlWorkingOrderStore } from '../src/sql-working-order-store.js';
import { testDialects, type TestDialect } from './temp-database.js';

/**
 * Issue 42, item 1: proposing and placing read one book. Whatever the person's book holds — positions opening, open,
 * closing or closed, approved proposals still placing (an order working, a submit the broker did not answer) —
 * propose_entry answers OVERLAPPING_LEGS exactly when an immediate confirm (the 5 s floor later, nothing else
 * changed) would: a proposal it admits is never refused for overlapping legs at its confirm, and the same legs
 * proposed by a race it did not see are refused at the confirm. On SQLite and on PostgreSQL.
 */

const EXPIRY = '2026-02-20';
const occ = (type: 'put' | 'call', strike: number): string => `SPY260220${type === 'put' ? 'P' : 'C'}00${String(strike)}000`;
const QUOTES: Readonly<Record<string, readonly [number, number]>> = {
  [occ('put', 535)]: [1.0, 1.05],
  [occ('put', 540)]: [1.5, 1.55],
  [occ('put', 545)]: [2.1, 2.15],
  [occ('put', 550)]: [2.8, 2.85],
  [occ('call', 595)]: [2.5, 2.55],
  [occ('call', 600)]: [1.8, 1.85],
  [occ('call', 605)]: [1.0, 1.05],
  [occ('call', 610)]: [0.5, 0.55],
};
const contractOf = (symbol: string, quoteTime: number): OptionContract => {
  const [bid, ask] = QUOTES[symbol] ?? [0, 0];
  const type = symbol.charAt(9) === 'P' ? 'put' : 'call';
  return { symbol, type, strike: Number(symbol.slice(-8)) / 1000, expiry: EXPIRY, bid, ask, volatility: 0.2, greeks: null, openInterest: 1_000, volume: 10, quoteTime };
};
/** Nine condors on $5 wings sharing legs in every way: puts 535/540, 540/545, 545/550 × calls 595/600, 600/605, 605/610. */
const CANDIDATES = [535, 540, 545].flatMap((put) => [600, 605, 610].map((call) => ({ put, call })));
const candidate = ({ put, call }: { put: number; call: number }) => {
  const leg = (type: 'put' | 'call', strike: number) => ({ occ_symbol: occ(type, strike), type, strike });
  const mid = (symbol: string): number => ((QUOTES[symbol]?.[0] ?? 0) + (QUOTES[symbol]?.[1] ?? 0)) / 2;
  const credit = mid(occ('put', put + 5)) + mid(occ('call', call - 5)) - mid(occ('put', put)) - mid(occ('call', call));
  return { ticker: 'SPY', expiry: EXPIRY, net_credit: Math.round(credit * 100) / 100, legs: { long_put: leg('put', put), short_put: leg('put', put + 5), short_call: leg('call', call - 5), long_call: leg('call', call) } };
};

interface World {
  readonly services: TestServices & { clock: FakeClock };
  readonly brokers: FakeBrokers;
  readonly userId: string;
  readonly call: (tool: string, input?: unknown) => Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; error: ErrorResult }>;
  readonly checked: { agreedRefusals: number; agreedAdmissions: number };
}

async function world(dialect: TestDialect): Promise<World> {
  const db = await dialect.migrated();
  const brokers = new FakeBrokers();
  const spy = { quote: { symbol: 'SPY', bid: 570, ask: 570.02, last: 570.01, time: 0 }, chains: {} as Record<string, readonly OptionContract[]> };
  const market = new FixtureMarketData({ SPY: spy });
  const positions = new SqlPositionStore(db);
  const services = createTestServices({ users: new SqlUserStore(db), proposals: new SqlProposalStore(db), positions, workingOrders: new SqlWorkingOrderStore(db), brokers, market, config: AGENT_CONFIRMS }) as TestServices & { clock: FakeClock };
  // Quotes as fresh as the clock, so only the book decides.
  const quoteNow = (): void => {
    const now = services.clock.now();
    spy.quote.time = now;
    spy.chains = { [EXPIRY]: Object.keys(QUOTES).map((symbol) => contractOf(symbol, now)) };
  };
  const bare = { services, credential: null as string | null, requestId: 'book', batchKey: null };
  await execute('register', { email: 'book@example.com', password: 'book password 1' }, bare);
  const login = (await execute('login', { email: 'book@example.com', password: 'book password 1' }, bare))._unsafeUnwrap().value as { access_token: string; user_id?: string };
  const call: World['call'] = async (tool, input = {}) => {
    quoteNow();
    const result = await execute(tool, input, { ...bare, credential: login.access_token, batchKey: `${tool}-${String(services.clock.now())}` });
    return result.isOk() ? { ok: true, value: result.value.value as Record<string, unknown> } : { ok: false, error: result.error.body };
  };
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  await call('connect_broker', { authorization_confirmed: true, broker: 'sim' });
  const userId = (await services.users.findByEmail('book@example.com'))?.id ?? '';
  return { services, brokers, userId, call, checked: { agreedRefusals: 0, agreedAdmissions: 0 } };
}

type Command = fc.AsyncCommand<object, World>;
const always = () => true;

/** Proposes a candidate and checks the answer against an immediate confirm; an admitted proposal is confirmed (placed, or refused by the broker). */
class TryEntry implements Command {
  constructor(readonly which: number, readonly qty: number) {}
  check = always;
  async run(_: object, w: World) {
    const input = { candidate: candidate(CANDIDATES[this.which] ?? { put: 540, call: 605 }), qty: this.qty };
    const proposed = await w.call('propose_entry', input);
    if (!proposed.ok && proposed.error.error !== 'OVERLAPPING_LEGS') throw new Error(`propose_entry refused for another reason: ${JSON.stringify(proposed.error)}`);
    if (proposed.ok) {
      w.services.clock.advance(5_000);
      const confirmed = await w.call('confirm_proposal', { proposal_id: proposed.value['proposal_id'] });
      expect(confirmed.ok ? null : confirmed.error.error, 'a proposal propose_entry admitted was refused at once for its legs').not.toBe('OVERLAPPING_LEGS');
      w.checked.agreedAdmissions++;
      return;
    }
    // The same legs, proposed by a race propose_entry did not see: the immediate confirm refuses them too.
    const twin = await twinOf(w, input.candidate, this.qty);
    w.services.clock.advance(5_000);
    const confirmed = await w.call('confirm_proposal', { proposal_id: twin.id });
    expect(confirmed.ok ? 'placed' : confirmed.error.error, 'propose_entry refused legs an immediate confirm would place').toBe('OVERLAPPING_LEGS');
    w.checked.agreedRefusals++;
  }
  toString = () => `entry(${String(this.which)} × ${String(this.qty)})`;
}

/** An entry proposal for `given` stored as propose_entry would store it, without its check. */
async function twinOf(w: World, given: ReturnType<typeof candidate>, qty: number): Promise<Proposal> {
  const { long_put, short_put, short_call, long_call } = given.legs;
  const id = w.services.ids.uuid();
  const twin: Proposal = {
    id,
    ownerId: w.userId,
    kind: 'entry',
    batchKey: null,
    createdAt: w.services.clock.now(),
    ticker: 'SPY',
    qty,
    legs: [
      { symbol: long_put.occ_symbol, side: 'buy', intent: 'buy_to_open' },
      { symbol: short_put.occ_symbol, side: 'sell', intent: 'sell_to_open' },
      { symbol: short_call.occ_symbol, side: 'sell', intent: 'sell_to_open' },
      { symbol: long_call.occ_symbol, side: 'buy', intent: 'buy_to_open' },
    ],
    limitPrice: -1,
    maxLoss: 400 * qty,
    summary: 'a twin of a refused proposal',
    positionId: w.services.ids.uuid(),
    details: { expiry: EXPIRY },
    consumedAt: null,
    approval: null,
    outcome: null,
  };
  await w.services.proposals.insert(twin);
  return twin;
}

/** How the broker meets the next order: fills it, leaves it working, rejects it, or does not answer (before or after placing it). */
class BrokerMood implements Command {
  constructor(readonly mood: 'fill' | 'work' | 'reject' | 'unanswered' | 'lost_ack') {}
  check = always;
  run(_: object, w: World) {
    const { mood } = this;
    if (mood === 'unanswered') w.brokers.failNextSubmit(w.userId);
    else if (mood === 'lost_ack') w.brokers.loseNextSubmitAck(w.userId);
    else w.brokers.decideOrders(w.userId, () => (mood === 'reject' ? { reject: 'not today' } : mood));
    return Promise.resolve();
  }
  toString = () => `broker(${this.mood})`;
}

/** A working order fills at the broker, and get_positions reads it back. */
class FillWorking implements Command {
  check = always;
  async run(_: object, w: World) {
    const working = w.brokers.allOrders(w.userId).find((o) => o.status === 'accepted');
    if (working !== undefined) w.brokers.fillPart(w.userId, working.id, working.qty);
    await w.call('get_positions');
  }
  toString = () => 'fill a working order';
}

/** Exits the first open position (proposed, then confirmed 5 s later, as the broker's mood says). */
class Exit implements Command {
  check = always;
  async run(_: object, w: World) {
    const listed = await w.call('get_positions');
    const open = listed.ok ? (listed.value['positions'] as { position_id: string; status: string }[]).find((p) => p.status === 'open') : undefined;
    if (open === undefined) return;
    const proposed = await w.call('propose_exit', { position_id: open.position_id });
    if (!proposed.ok) return;
    w.services.clock.advance(5_000);
    await w.call('confirm_proposal', { proposal_id: proposed.value['proposal_id'] });
    await w.call('get_positions');
  }
  toString = () => 'exit';
}

const commands = fc.commands(
  [
    fc.tuple(fc.nat({ max: CANDIDATES.length - 1 }), fc.integer({ min: 1, max: 2 })).map(([which, qty]) => new TryEntry(which, qty)),
    fc.constantFrom('fill', 'work', 'reject', 'unanswered', 'lost_ack' as const).map((mood) => new BrokerMood(mood)),
    fc.constant(new FillWorking()),
    fc.constant(new Exit()),
  ],
  { maxCommands: 14 },
);

for (const dialect of testDialects()) {
  describe(`proposing and placing read one book, on ${dialect.name}`, () => {
    it('propose_entry answers OVERLAPPING_LEGS exactly when an immediate confirm would, whatever the book', async () => {
      const totals = { agreedRefusals: 0, agreedAdmissions: 0 };
      await fc.assert(
        fc.asyncProperty(commands, async (cmds) => {
          const w = await world(dialect);
          await fc.asyncModelRun(() => ({ model: {}, real: w }), cmds);
          totals.agreedRefusals += w.checked.agreedRefusals;
          totals.agreedAdmissions += w.checked.agreedAdmissions;
        }),
        { numRuns: dialect.kind === 'sqlite' ? 40 : 20 },
      );
      // Both sides of the agreement were exercised, not only the easy one.
      expect(totals.agreedRefusals).toBeGreaterThan(0);
      expect(totals.agreedAdmissions).toBeGreaterThan(0);
    }, 120_000);
  });
}
