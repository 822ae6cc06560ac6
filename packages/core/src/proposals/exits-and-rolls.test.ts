import * as v from 'valibot';
import { orderCosts, type CostedLeg } from '../costs/order-costs.js';
import { describe, expect, it } from 'vitest';
import { createTestServices, FakeBrokers, FIXTURE_CLOSED_SESSION, FixtureMarketData, type TestServices, AGENT_CONFIRMS } from '@condor/testkit';
import type { AppError } from '../errors/app-error.js';
import { execute } from '../operations/execute.js';
import { issuesToAppError } from '../validation/issues-to-error.js';
import type { HandlerContext } from '../operations/operation.js';
import { priceOption } from '../options/index.js';
import type { OrderLeg } from '../ports/broker.js';
import type { OptionContract, OptionType } from '../ports/market-data.js';
import { getPositions } from '../positions/get-positions.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { Proposal } from '../ports/proposal-store.js';
import { centsUp } from './managed-legs.js';
import { proposeExit } from './propose-exit.js';
import { proposeRoll } from './propose-roll.js';
import { reconcileProposal } from '../placement/reconcile-proposal.js';
import { ALL_SCOPES } from '../scopes/scopes.js';

/**
 * propose_exit and propose_roll through their handlers, confirmed through `execute` against FakeBrokers:
 * a condor is opened by an entry proposal, then closed or rolled, and the managed position follows.
 */

const SPOT = 600;
const [NEAR, MID, FAR] = ['2026-01-30', '2026-02-20', '2026-03-20'];
const DTE: Record<string, number> = { [NEAR]: 25, [MID]: 46, [FAR]: 74 };
const QTY = 2;

const occ = (expiry: string, type: OptionType, strike: number): string =>
  `SPY${expiry.slice(2).replaceAll('-', '')}${type === 'call' ? 'C' : 'P'}${String(strike * 1000).padStart(8, '0')}`;

/** A BSM chain with a put skew; bid/ask 2 % either side of the model price (at least a cent). */
function chain(expiry: string, quoteTime: number): OptionContract[] {
  const years = (DTE[expiry] ?? 30) / 365;
  const contracts: OptionContract[] = [];
  for (let strike = 450; strike <= 750; strike += 5) {
    for (const type of ['call', 'put'] as const) {
      const volatility = 0.2 - 0.3 * Math.log(strike / SPOT);
      const model = priceOption({ type, spot: SPOT, strike, years, rate: 0.04, dividendYield: 0.01, volatility });
      const half = Math.max(0.01, 0.02 * model.price);
      const bid = Math.max(0, Math.round((model.price - half) * 100) / 100);
      const ask = Math.max(bid + 0.01, Math.round((model.price + half) * 100) / 100);
      contracts.push({
        symbol: occ(expiry, type, strike),
        type,
        strike,
        expiry,
        bid,
        ask,
        volatility,
        greeks: { delta: model.delta, gamma: model.gamma, theta: model.theta, vega: model.vega },
        openInterest: 1_000,
        volume: 10,
        quoteTime,
      });
    }
  }
  return contracts;
}

interface Desk {
  readonly services: TestServices;
  readonly market: FixtureMarketData;
  readonly brokers: FakeBrokers;
  readonly userId: string;
  readonly positionId: string;
  /** The handler context of a proposing call (its own batch). */
  readonly ctx: (userId?: string) => HandlerContext<'trading'>;
  readonly confirm: (proposalId: string, batchKey?: string) => Promise<string>;
  /** The error body of a confirm, or null when it placed an order. */
  readonly confirmError: (proposalId: string, batchKey?: string) => Promise<{ error: string; message: string } | null>;
  readonly position: () => Promise<ManagedPosition>;
  readonly proposal: (id: string) => Promise<Proposal>;
  readonly quote: (symbol: string) => OptionContract;
}

/** A user with a connected broker holding 2 SPY 540/550/640/650 condors expiring NEAR, opened through the service. */
async function openDesk(): Promise<Desk> {
  const brokers = new FakeBrokers();
  const base = createTestServices({ brokers, config: AGENT_CONFIRMS });
  const quoteTime = base.clock.now();
  const chains = { [NEAR]: chain(NEAR, quoteTime), [MID]: chain(MID, quoteTime), [FAR]: chain(FAR, quoteTime) };
  const market = new FixtureMarketData({ SPY: { quote: { symbol: 'SPY', bid: 599.9, ask: 600.1, last: 600, time: quoteTime }, chains } });
  // The fixture is the simulated market the sim-linked person trades on (their own market, design §17).
  const services = { ...base, market, simulatedMarket: { data: market, notice: null } } as TestServices;
  const bare = { services, credential: null, requestId: 'exits-and-rolls', batchKey: null };
  await execute('register', { email: 'roller@example.com', password: 'roller password 1' }, bare);
  const login = (await execute('login', { email: 'roller@example.com', password: 'roller password 1' }, bare))._unsafeUnwrap().value as {
    access_token: string;
    user: { user_id: string };
  };
  const call = (tool: string, input: unknown = {}, batchKey: string | null = null) => execute(tool, input, { ...bare, credential: login.access_token, batchKey });
  for (const name of ['eua', 'risk-disclosure']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  await call('get_legal_document', { name: 'broker-authorization' });
  (await call('connect_broker', { authorization_confirmed: true, broker: 'sim' }))._unsafeUnwrap();
  const userId = login.user.user_id;
  const all = Object.values(chains).flat();
  const quote = (symbol: string): OptionContract => all.find((c) => c.symbol === symbol)!;
  const confirmError = async (proposalId: string, batchKey = 'confirm-batch') =>
    (await call('confirm_proposal', { proposal_id: proposalId }, batchKey)).match(
      () => null,
      ({ body }) => ({ error: body.error, message: body.message }),
    );
  const confirm = async (proposalId: string, batchKey?: string): Promise<string> => (await confirmError(proposalId, batchKey))?.error ?? 'placed';

  const entryId = services.ids.uuid();
  await services.proposals.insert({
    id: entryId,
    ownerId: userId,
    kind: 'entry',
    batchKey: 'entry-batch',
    createdAt: services.clock.now(),
    ticker: 'SPY',
    qty: QTY,
    legs: [
      { symbol: occ(NEAR, 'put', 540), side: 'buy', intent: 'buy_to_open' },
      { symbol: occ(NEAR, 'put', 550), side: 'sell', intent: 'sell_to_open' },
      { symbol: occ(NEAR, 'call', 640), side: 'sell', intent: 'sell_to_open' },
      { symbol: occ(NEAR, 'call', 650), side: 'buy', intent: 'buy_to_open' },
    ],
    limitPrice: -1.5,
    maxLoss: 1_700,
    summary: 'entry',
    positionId: services.ids.uuid(),
    details: { expiry: NEAR, strikes: { long_put: 540, short_put: 550, short_call: 640, long_call: 650 } },
    consumedAt: null,
    approval: null,
    outcome: null,
  });
  services.clock.advance(6_000);
  expect(await confirm(entryId)).toBe('placed');
  const positionId = (await services.proposals.get(userId, entryId))!.positionId;
  return {
    services,
    market,
    brokers,
    userId,
    positionId,
    ctx: (who = userId) => ({
      services,
      caller: { userId: who, email: 'roller@example.com', tier: 'free', sessionId: 'session', credential: 'session', scopes: ALL_SCOPES },
      requestId: 'propose',
      batchKey: 'propose-batch',
      clientIp: null,
      progress: null,
      client: null,
      approval: null,
    }),
    confirm,
    confirmError,
    position: async () => (await services.positions.get(userId, positionId))!,
    proposal: async (id) => (await services.proposals.get(userId, id))!,
    quote,
  };
}

const mid = (c: OptionContract): number => (c.bid + c.ask) / 2;

async function exit(desk: Desk, raw: Record<string, unknown>, userId?: string) {
  return proposeExit.handler(v.parse(proposeExit.input, raw), desk.ctx(userId));
}

async function roll(desk: Desk, raw: Record<string, unknown>) {
  return proposeRoll.handler(v.parse(proposeRoll.input, raw), desk.ctx());
}

const codeOf = (error: AppError): string => error.code;

/** The code gate 2 answers for this raw input. */
function validationCode(op: typeof proposeExit | typeof proposeRoll, raw: unknown): string | null {
  const parsed = v.safeParse(op.input, raw);
  return parsed.success ? null : issuesToAppError(op.name, op.input, parsed.issues, op.fieldRules).code;
}

describe('input validation', () => {
  it('maps bad parameters to the contract codes', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(validationCode(proposeExit, { position_id: 'p-1' })).toBe('INVALID_UUID');
    expect(validationCode(proposeExit, { position_id: id, limit_price: -1 })).toBe('OUT_OF_RANGE');
    expect(validationCode(proposeExit, { position_id: id, limit_price: 0.855 })).toBe('VALIDATION_ERROR');
    expect(validationCode(proposeExit, { position_id: id, qty: 1 })).toBe('VALIDATION_ERROR');
    expect(validationCode(proposeRoll, { position_id: id, side: 'left' })).toBe('INVALID_VALUE');
    expect(validationCode(proposeRoll, { position_id: id, side: 'put', target_dte: 0 })).toBe('OUT_OF_RANGE');
    expect(validationCode(proposeRoll, { position_id: id, side: 'put', short_delta: 0.9 })).toBe('OUT_OF_RANGE');
    expect(validationCode(proposeRoll, { position_id: id })).toBe('VALIDATION_ERROR');
    expect(v.parse(proposeRoll.input, { position_id: id, side: 'both' })).toEqual({ position_id: id, side: 'both', target_dte: 45 });
  });
});

describe('propose_exit', () => {
  it('closes an open position with the same legs flipped to *_to_close, for a positive debit at mid rounded up', async () => {
    const desk = await openDesk();
    const view = (await exit(desk, { position_id: desk.positionId }))._unsafeUnwrap();
    expect(view.kind).toBe('exit');
    expect(view.position_id).toBe(desk.positionId);
    expect(view.qty).toBe(QTY);
    expect(view.legs).toEqual([
      { symbol: occ(NEAR, 'put', 540), side: 'sell', intent: 'sell_to_close' },
      { symbol: occ(NEAR, 'put', 550), side: 'buy', intent: 'buy_to_close' },
      { symbol: occ(NEAR, 'call', 640), side: 'buy', intent: 'buy_to_close' },
      { symbol: occ(NEAR, 'call', 650), side: 'sell', intent: 'sell_to_close' },
    ]);
    const q = (type: OptionType, strike: number) => mid(desk.quote(occ(NEAR, type, strike)));
    const debit = q('put', 550) - q('put', 540) + q('call', 640) - q('call', 650);
    expect(view.limit_price).toBeGreaterThan(0);
    expect(view.limit_price).toBe(Math.ceil(debit * 100 - 1e-9) / 100);
    // The band walks the debit up by at most $0.05, never past the natural price: the max loss is at its worst price.
    const natural = desk.quote(occ(NEAR, 'put', 550)).ask - desk.quote(occ(NEAR, 'put', 540)).bid + desk.quote(occ(NEAR, 'call', 640)).ask - desk.quote(occ(NEAR, 'call', 650)).bid;
    const worst = Math.floor(Math.min(natural, debit + 0.05) * 100 + 1e-9) / 100;
    expect(view.details['pricing']).toMatchObject({ mode: 'normal', start_price: view.limit_price, worst_price: worst });
    expect(view.max_loss).toBeCloseTo(worst * 100 * QTY, 9);
    expect(view.summary).toContain('Close the SPY iron condor (2 contracts: put 540/550 2026-01-30, call 640/650 2026-01-30)');
    // The fees of the closing order, the wings sold at their mids.
    const closing: CostedLeg[] = [
      { side: 'sell', price: q('put', 540) },
      { side: 'buy', price: q('put', 550) },
      { side: 'buy', price: q('call', 640) },
      { side: 'sell', price: q('call', 650) },
    ];
    expect(view.details['costs']).toMatchObject({ qty: QTY, open: null, close: orderCosts(closing, QTY, 0), net_credit_after_costs: null });
  });

  it('uses the caller’s limit_price and refuses one above what the condor can be worth', async () => {
    const desk = await openDesk();
    expect((await exit(desk, { position_id: desk.positionId, limit_price: 0.85 }))._unsafeUnwrap().limit_price).toBe(0.85);
    const tooMuch = (await exit(desk, { position_id: desk.positionId, limit_price: 12 }))._unsafeUnwrapErr();
    expect(tooMuch.code).toBe('ENTRY_REJECTED');
    expect(tooMuch.message).toContain('at most $10.00');
    expect(v.safeParse(proposeExit.input, { position_id: desk.positionId, limit_price: 0.855 }).success).toBe(false);
    expect(v.safeParse(proposeExit.input, { position_id: desk.positionId, limit_price: 0 }).success).toBe(false);
  });

  it('places one order closing every leg when confirmed, and the position becomes closed', async () => {
    const desk = await openDesk();
    const view = (await exit(desk, { position_id: desk.positionId }))._unsafeUnwrap();
    desk.services.clock.advance(5_000);
    expect(await desk.confirm(view.proposal_id)).toBe('placed');
    const [order, entry] = desk.brokers.allOrders(desk.userId);
    expect(desk.brokers.allOrders(desk.userId)).toHaveLength(2);
    expect(order?.clientOrderId).toBe(view.proposal_id);
    expect(order?.legs).toEqual(view.legs);
    expect(order?.limitPrice).toBe(view.limit_price);
    const position = await desk.position();
    expect(position.status).toBe('closed');
    expect(position.closedAt).toBe(desk.services.clock.now());
    expect(position.orderIds).toEqual([entry?.id, order?.id]);
    expect(position.entryCredit).toBe(1.5);
    // Nothing is left at the broker, and a closed position cannot be exited again.
    expect((await desk.services.brokers.open({ ownerId: desk.userId, broker: 'sim', environment: 'paper', credentials: null }).positions())._unsafeUnwrap()).toEqual([]);
    const again = (await exit(desk, { position_id: desk.positionId }))._unsafeUnwrapErr();
    expect(again.code).toBe('ENTRY_REJECTED');
    expect(again.received).toEqual({ position_id: desk.positionId, status: 'closed' });
  });

  it('leaves the position closing while the exit order works, and open again if it is cancelled', async () => {
    const desk = await openDesk();
    const view = (await exit(desk, { position_id: desk.positionId }))._unsafeUnwrap();
    desk.brokers.decideOrders(desk.userId, () => 'work');
    desk.services.clock.advance(5_000);
    expect(await desk.confirm(view.proposal_id)).toBe('placed');
    expect((await desk.position()).status).toBe('closing');
    expect(codeOf((await exit(desk, { position_id: desk.positionId }))._unsafeUnwrapErr())).toBe('ENTRY_REJECTED');
  });

  it("answers POSITION_NOT_FOUND for another user's position and for an unknown id", async () => {
    const desk = await openDesk();
    const stranger = '00000000-0000-4000-8000-0000000000aa';
    expect(codeOf((await exit(desk, { position_id: desk.positionId }, stranger))._unsafeUnwrapErr())).toBe('POSITION_NOT_FOUND');
    expect(codeOf((await exit(desk, { position_id: stranger }))._unsafeUnwrapErr())).toBe('POSITION_NOT_FOUND');
    expect(codeOf((await roll(desk, { position_id: stranger, side: 'put' }))._unsafeUnwrapErr())).toBe('POSITION_NOT_FOUND');
  });

  it('refuses to close legs the broker no longer holds', async () => {
    const desk = await openDesk();
    desk.brokers.holdExternalPosition(desk.userId, occ(NEAR, 'put', 550), 0, 0);
    const error = (await exit(desk, { position_id: desk.positionId }))._unsafeUnwrapErr();
    expect(error.code).toBe('ENTRY_REJECTED');
    expect(error.message).toContain(occ(NEAR, 'put', 550));
    expect(error.received).toEqual({ held: [{ leg: occ(NEAR, 'put', 550), side: 'short', held: 0 }] });
  });

  it('says which session its prices belong to', async () => {
    const desk = await openDesk();
    const view = (await exit(desk, { position_id: desk.positionId }))._unsafeUnwrap();
    expect(view.details['market_session']).toMatchObject({ session: 'regular', quotes: 'live', simulated: false, time: '2026-01-05T14:30:06.000Z' });
  });
});

describe('while the market is closed', () => {
  it('refuses exits and rolls with market_closed, the next open and what to do', async () => {
    const desk = await openDesk();
    desk.market.marketSession = FIXTURE_CLOSED_SESSION;
    for (const error of [
      (await exit(desk, { position_id: desk.positionId }))._unsafeUnwrapErr(),
      (await roll(desk, { position_id: desk.positionId, side: 'put' }))._unsafeUnwrapErr(),
    ]) {
      expect(error.code).toBe('ENTRY_REJECTED');
      expect(error.message).toMatch(/cannot be proposed: the market is closed\./);
      expect(error.message).toContain('The market opens next on Monday 5 January 2026, 09:30 New York time (2026-01-05T14:30:00.000Z)');
      expect(error.suggestion).toContain('Propose again once the market is open, from 2026-01-05T14:30:00.000Z');
      expect(error.received).toMatchObject({ market_closed: { next_open: '2026-01-05T14:30:00.000Z', last_close: '2026-01-02T21:00:00.000Z' } });
    }
  });
});

describe('propose_roll, one side', () => {
  it('rolls the put vertical in one 4-leg order: 2 closing, 2 opening at the expiry nearest target_dte, same width', async () => {
    const desk = await openDesk();
    const view = (await roll(desk, { position_id: desk.positionId, side: 'put' }))._unsafeUnwrap();
    expect(view.kind).toBe('roll');
    expect(view.legs).toHaveLength(4);
    const [closeShort, closeLong, openLong, openShort] = view.legs;
    expect([closeShort, closeLong]).toEqual([
      { symbol: occ(NEAR, 'put', 550), side: 'buy', intent: 'buy_to_close' },
      { symbol: occ(NEAR, 'put', 540), side: 'sell', intent: 'sell_to_close' },
    ]);
    expect(openLong?.intent).toBe('buy_to_open');
    expect(openShort?.intent).toBe('sell_to_open');
    const [long, short] = [desk.quote(openLong!.symbol), desk.quote(openShort!.symbol)];
    expect([long.expiry, short.expiry, long.type, short.type]).toEqual([MID, MID, 'put', 'put']);
    expect(short.strike - long.strike).toBe(10);
    // The short is the one nearest the current short's |delta|, unless a neighbour within 0.05 rolls for a credit.
    const oldDelta = Math.abs(desk.quote(occ(NEAR, 'put', 550)).greeks!.delta);
    expect(Math.abs(Math.abs(short.greeks!.delta) - oldDelta)).toBeLessThanOrEqual(0.05);
    const net = mid(desk.quote(occ(NEAR, 'put', 550))) - mid(desk.quote(occ(NEAR, 'put', 540))) - (mid(short) - mid(long));
    expect(view.limit_price).toBe(centsUp(net));
    expect(view.details['order_plan']).toBe('one_order');
    expect(view.details['expiry_to']).toBe(MID);
    expect(view.summary).toContain('one 4-leg order');
    expect(view.details['costs']).toMatchObject({
      qty: QTY,
      close: orderCosts([{ side: 'buy', price: mid(desk.quote(occ(NEAR, 'put', 550))) }, { side: 'sell', price: mid(desk.quote(occ(NEAR, 'put', 540))) }], QTY, 0),
      open: orderCosts([{ side: 'buy', price: mid(long) }, { side: 'sell', price: mid(short) }], QTY, 0),
    });
  });

  it('goes to the expiry nearest target_dte and the short at short_delta', async () => {
    const desk = await openDesk();
    const view = (await roll(desk, { position_id: desk.positionId, side: 'call', target_dte: 70, short_delta: 0.1 }))._unsafeUnwrap();
    const openShort = desk.quote(view.legs.find((l) => l.intent === 'sell_to_open')!.symbol);
    const openLong = desk.quote(view.legs.find((l) => l.intent === 'buy_to_open')!.symbol);
    expect(openShort.expiry).toBe(FAR);
    expect(openShort.type).toBe('call');
    expect(openLong.strike - openShort.strike).toBe(10);
    expect(Math.abs(openShort.greeks!.delta - 0.1)).toBeLessThanOrEqual(0.05);
    expect(view.limit_price).toBe(centsUp(mid(desk.quote(occ(NEAR, 'call', 640))) - mid(desk.quote(occ(NEAR, 'call', 650))) - (mid(openShort) - mid(openLong))));
  });

  it('refuses a roll into the vertical already held, and one whose new legs another holding already uses', async () => {
    const desk = await openDesk();
    const same = (await roll(desk, { position_id: desk.positionId, side: 'call', target_dte: 25 }))._unsafeUnwrapErr();
    expect(same.code).toBe('ENTRY_REJECTED');
    expect(same.message).toContain('already 640/650');
    const view = (await roll(desk, { position_id: desk.positionId, side: 'put' }))._unsafeUnwrap();
    const newShort = view.legs.find((l) => l.intent === 'sell_to_open')!.symbol;
    desk.brokers.holdExternalPosition(desk.userId, newShort, -1, 1);
    const overlap = (await roll(desk, { position_id: desk.positionId, side: 'put' }))._unsafeUnwrapErr();
    expect(overlap.code).toBe('OVERLAPPING_LEGS');
    expect(overlap.received).toEqual({ legs: [newShort] });
  });

  it('when confirmed, places that one order and replaces the put legs of the position', async () => {
    const desk = await openDesk();
    const view = (await roll(desk, { position_id: desk.positionId, side: 'put' }))._unsafeUnwrap();
    desk.services.clock.advance(5_000);
    expect(await desk.confirm(view.proposal_id)).toBe('placed');
    const [order, entry] = desk.brokers.allOrders(desk.userId);
    expect(desk.brokers.allOrders(desk.userId)).toHaveLength(2);
    expect(order?.clientOrderId).toBe(view.proposal_id);
    expect(order?.legs).toEqual(view.legs);
    const position = await desk.position();
    const opened = view.legs.filter((l) => l.intent.endsWith('_to_open')).map((l) => desk.quote(l.symbol));
    const [newLong, newShort] = [...opened].sort((a, b) => a.strike - b.strike);
    expect(position.legs).toEqual([
      { symbol: newLong!.symbol, type: 'put', strike: newLong!.strike, expiry: MID, side: 'long' },
      { symbol: newShort!.symbol, type: 'put', strike: newShort!.strike, expiry: MID, side: 'short' },
      { symbol: occ(NEAR, 'call', 640), type: 'call', strike: 640, expiry: NEAR, side: 'short' },
      { symbol: occ(NEAR, 'call', 650), type: 'call', strike: 650, expiry: NEAR, side: 'long' },
    ]);
    expect(position.expiry).toBe(NEAR);
    expect(position.status).toBe('open');
    expect(position.entryCredit).toBeCloseTo(1.5 - view.limit_price, 9);
    expect(position.orderIds).toEqual([entry?.id, order?.id]);
    // A confirm retry changes nothing.
    expect(await desk.confirm(view.proposal_id)).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(await desk.position()).toEqual(position);
  });
});

describe('propose_roll, the whole condor in two orders', () => {
  it('proposes step 1 closing the condor and step 2 opening the new one, and states the risk of a half-done roll', async () => {
    const desk = await openDesk();
    const view = (await roll(desk, { position_id: desk.positionId, side: 'both' }))._unsafeUnwrap();
    expect(view.details['order_plan']).toBe('two_orders');
    const steps = view.details['steps'] as { client_order_id: string; legs: { symbol: string; intent: string }[]; limit_price: number }[];
    expect(steps.map((s) => s.client_order_id)).toEqual([view.proposal_id, `${view.proposal_id}-2`]);
    expect(view.legs).toEqual(steps[0]?.legs);
    expect(view.limit_price).toBe(steps[0]?.limit_price);
    expect(steps[0]?.legs.every((l) => l.intent.endsWith('_to_close'))).toBe(true);
    expect(steps[1]?.legs.every((l) => l.intent.endsWith('_to_open') && desk.quote(l.symbol).expiry === MID)).toBe(true);
    expect(steps[0]?.limit_price).toBeGreaterThan(0);
    expect(steps[1]?.limit_price).toBeLessThan(0);
    expect(view.summary).toContain('Risk of a half-done roll');
  });

  it('when confirmed, submits exactly two orders in order, with the two client order ids, and the position holds the new condor', async () => {
    const desk = await openDesk();
    const view = (await roll(desk, { position_id: desk.positionId, side: 'both' }))._unsafeUnwrap();
    const steps = view.details['steps'] as { legs: unknown[]; limit_price: number }[];
    desk.services.clock.advance(5_000);
    expect(await desk.confirm(view.proposal_id)).toBe('placed');
    const [second, first, entry] = desk.brokers.allOrders(desk.userId);
    expect(desk.brokers.allOrders(desk.userId)).toHaveLength(3);
    expect(desk.brokers.submitCount(desk.userId)).toBe(3);
    expect([first?.clientOrderId, second?.clientOrderId]).toEqual([view.proposal_id, `${view.proposal_id}-2`]);
    expect(first?.legs).toEqual(steps[0]?.legs);
    expect(second?.legs).toEqual(steps[1]?.legs);
    const position = await desk.position();
    expect(position.status).toBe('open');
    expect(position.closedAt).toBeNull();
    expect(position.expiry).toBe(MID);
    const opened = (steps[1]?.legs as { symbol: string }[]).map((l) => desk.quote(l.symbol));
    const inPositionOrder = opened.sort((a, b) => (a.type === b.type ? a.strike - b.strike : a.type === 'put' ? -1 : 1)).map((c) => c.symbol);
    expect(position.legs.map((l) => l.symbol)).toEqual(inPositionOrder);
    expect(position.entryCredit).toBeCloseTo(1.5 - (steps[0]?.limit_price ?? 0) - (steps[1]?.limit_price ?? 0), 9);
    expect(position.orderIds).toEqual([entry?.id, first?.id, second?.id]);
    expect(await desk.confirm(view.proposal_id)).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(desk.brokers.allOrders(desk.userId)).toHaveLength(3);
  });

  it('places step 2 only once step 1 has filled, and a retry after a lost acknowledgement of step 2 places nothing twice', async () => {
    const desk = await openDesk();
    const view = (await roll(desk, { position_id: desk.positionId, side: 'both' }))._unsafeUnwrap();
    desk.brokers.decideOrders(desk.userId, () => 'work');
    desk.services.clock.advance(5_000);
    expect(await desk.confirm(view.proposal_id)).toBe('placed');
    expect(desk.brokers.allOrders(desk.userId)).toHaveLength(2);
    expect((await desk.position()).status).toBe('closing');
    // Still working: a confirm places nothing.
    expect(await desk.confirm(view.proposal_id, 'again')).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(desk.brokers.allOrders(desk.userId)).toHaveLength(2);

    const [first] = desk.brokers.allOrders(desk.userId);
    desk.brokers.fillOrder(desk.userId, first!.id);
    desk.brokers.decideOrders(desk.userId, null);
    desk.brokers.loseNextSubmitAck(desk.userId);
    expect(await desk.confirm(view.proposal_id, 'after-fill')).toBe('placed');
    expect(desk.brokers.allOrders(desk.userId)).toHaveLength(3);
    expect(await desk.confirm(view.proposal_id, 'retry')).toBe('PROPOSAL_ALREADY_CONSUMED');
    const orders = desk.brokers.allOrders(desk.userId);
    expect(orders).toHaveLength(3);
    expect(orders.map((o) => o.clientOrderId).filter((id) => id.startsWith(view.proposal_id))).toEqual([`${view.proposal_id}-2`, view.proposal_id]);
    expect(desk.brokers.submitCount(desk.userId)).toBe(3);
    const position = await desk.position();
    expect([position.status, position.expiry]).toEqual(['open', MID]);
    expect((await desk.proposal(view.proposal_id)).outcome).toEqual({ status: 'submitted', orderId: first!.id });
  });

  it('after step 2 failed to reach the broker, the position is closed and the retry places step 2 once', async () => {
    const desk = await openDesk();
    const view = (await roll(desk, { position_id: desk.positionId, side: 'both' }))._unsafeUnwrap();
    desk.brokers.decideOrders(desk.userId, () => 'work');
    desk.services.clock.advance(5_000);
    expect(await desk.confirm(view.proposal_id)).toBe('placed');
    desk.brokers.fillOrder(desk.userId, desk.brokers.allOrders(desk.userId)[0]!.id);
    desk.brokers.decideOrders(desk.userId, null);
    desk.brokers.failNextSubmit(desk.userId);
    expect(await desk.confirm(view.proposal_id, 'after-fill')).toBe('SERVICE_UNAVAILABLE');
    expect(desk.brokers.allOrders(desk.userId)).toHaveLength(2);
    expect((await desk.position()).status).toBe('closed');
    const retries = await Promise.all([desk.confirm(view.proposal_id, 'retry-1'), desk.confirm(view.proposal_id, 'retry-2')]);
    expect(retries.filter((r) => r === 'placed')).toHaveLength(1);
    expect(retries.filter((r) => r === 'PROPOSAL_ALREADY_CONSUMED')).toHaveLength(1);
    expect(desk.brokers.allOrders(desk.userId)).toHaveLength(3);
    expect((await desk.position()).status).toBe('open');
  });

  it("settles a working step 2 on a read once it fills: its '-2' client order id is the roll's", async () => {
    const desk = await openDesk();
    const view = (await roll(desk, { position_id: desk.positionId, side: 'both' }))._unsafeUnwrap();
    desk.brokers.decideOrders(desk.userId, (order) => (order.clientOrderId.endsWith('-2') ? 'work' : 'fill'));
    desk.services.clock.advance(5_000);
    expect(await desk.confirm(view.proposal_id)).toBe('placed');
    expect((await desk.position()).status).toBe('opening');
    const [second] = desk.brokers.allOrders(desk.userId);
    desk.brokers.fillOrder(desk.userId, second!.id);

    const read = (await getPositions.handler({ position_id: desk.positionId, include_closed: false }, desk.ctx()))._unsafeUnwrap();
    expect(read.positions.map((p) => p.status)).toEqual(['open']);
    expect(await desk.position()).toMatchObject({ status: 'open', expiry: MID });
    expect(desk.brokers.submitCount(desk.userId)).toBe(3);
  });

  it('after a confirm died having placed both steps, reconcile records them both and places nothing', async () => {
    const desk = await openDesk();
    const view = (await roll(desk, { position_id: desk.positionId, side: 'both' }))._unsafeUnwrap();
    const steps = view.details['steps'] as { legs: OrderLeg[]; limit_price: number }[];
    desk.services.clock.advance(5_000);
    expect(await desk.services.proposals.consume(desk.userId, view.proposal_id, desk.services.clock.now(), { method: 'confirm', at: desk.services.clock.now(), userId: desk.userId, client: null, address: null })).toBe('consumed');
    const broker = desk.services.brokers.open({ ownerId: desk.userId, broker: 'sim', environment: 'paper', credentials: null });
    const [first, second] = [steps[0]!, steps[1]!];
    (await broker.submit({ clientOrderId: view.proposal_id, qty: QTY, limitPrice: first.limit_price, legs: first.legs }))._unsafeUnwrap();
    const placed = (await broker.submit({ clientOrderId: `${view.proposal_id}-2`, qty: QTY, limitPrice: second.limit_price, legs: second.legs }))._unsafeUnwrap();
    expect((await desk.position()).status).toBe('open');

    desk.services.clock.advance(15_000);
    expect((await reconcileProposal(desk.userId, view.proposal_id, desk.services))._unsafeUnwrap()).toEqual({
      result: 'at_broker',
      orderId: placed.id,
      orderStatus: 'filled',
    });
    const position = await desk.position();
    expect([position.status, position.expiry, position.orderIds.length]).toEqual(['open', MID, 3]);
    expect(await desk.confirm(view.proposal_id)).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(desk.brokers.submitCount(desk.userId)).toBe(3);
  });

  it('tells the user the roll is half done when the broker rejects step 2', async () => {
    const desk = await openDesk();
    const view = (await roll(desk, { position_id: desk.positionId, side: 'both' }))._unsafeUnwrap();
    desk.brokers.decideOrders(desk.userId, (order) => (order.clientOrderId.endsWith('-2') ? { reject: 'insufficient buying power' } : 'fill'));
    desk.services.clock.advance(5_000);
    const error = await desk.confirmError(view.proposal_id);
    expect(error?.error).toBe('ENTRY_REJECTED');
    expect(error?.message).toContain('The roll is half done');
    expect(error?.message).toContain('insufficient buying power');
    const position = await desk.position();
    expect(position.status).toBe('closed');
    expect(desk.brokers.allOrders(desk.userId)).toHaveLength(2);
  });
});
