import { restRequest } from './rest-request.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { newClient, type Era } from '../../mcp/test/support.js';

/**
 * Issue 33's repros as black-box scenarios against real server processes, written once for any surface (REST
 * or MCP) and any pair of instances: proposals are made through `propose`, confirmed through `confirm` (the same
 * process on SQLite, the other instance over PostgreSQL).
 */

export const PASSWORD = 'stale proposals password';

/** One answer of a tool over either surface; `status` is the HTTP status over REST, null over MCP. */
export interface Answer {
  readonly ok: boolean;
  readonly status: number | null;
  readonly body: Record<string, unknown>;
}

/** Calls a tool; `batch` is the REST X-Batch-Id (MCP batches a principal's calls by time instead). */
export type Call = (tool: string, args?: Record<string, unknown>, batch?: string) => Promise<Answer>;

export interface World {
  /** Where proposals are made (and the search run). */
  readonly propose: Call;
  /** Where proposals are confirmed, and the book and the broker read. */
  readonly confirm: Call;
  /** The underlying this user trades (users sharing one broker account trade their own). */
  readonly ticker: string;
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** The contract's floor between a proposal and its confirm, and a little. */
export const confirmable = (): Promise<void> => pause(5_100);

const text = (value: unknown): string => JSON.stringify(value);

/** A tool over REST as an HTTP client calls it: the catalogue's method and path, path parameters filled in. */
export function restCall(baseUrl: string, token: string | null): Call {
  return async (tool, args = {}, batch) => {
    const { method, path, body } = restRequest(tool, args);
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(batch === undefined ? {} : { 'x-batch-id': batch }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { ok: response.status === 200, status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

/** A real MCP client of `era` on `baseUrl`'s /mcp with `token` as Bearer (Streamable HTTP, the v2 SDK client). */
export async function mcpCall(baseUrl: string, token: string, era: Era): Promise<{ call: Call; close: () => Promise<void> }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  const client = newClient(era);
  await client.connect(transport);
  return {
    call: async (tool, args = {}) => {
      const result = await client.callTool({ name: tool, arguments: args });
      return { ok: result.isError !== true, status: null, body: (result.structuredContent ?? {}) as Record<string, unknown> };
    },
    close: () => client.close(),
  };
}

export const connectSim = async (call: Call): Promise<void> => {
  const linked = await call('connect_broker', { authorization_confirmed: true, broker: 'sim' });
  expect(linked.body['link'], text(linked.body)).toMatchObject({ broker: 'sim', connected: true });
};

export const connectAlpaca =
  (apiKey: string, apiSecret: string) =>
  async (call: Call): Promise<void> => {
    expect((await call('set_broker_keys', { api_key: apiKey, api_secret: apiSecret, broker: 'alpaca', environment: 'paper' })).ok).toBe(true);
    const linked = await call('connect_broker', { authorization_confirmed: true, broker: 'alpaca' });
    expect(linked.body['link'], text(linked.body)).toMatchObject({ broker: 'alpaca', connected: true });
  };

/**
 * A new user, registered on `first` and logged in on `second` (the same server or the other instance), onboarded
 * and linked to a broker by `connect`; answers its access token.
 */
export async function newTrader(email: string, first: string, second: string, connect: (call: Call) => Promise<void>): Promise<string> {
  expect((await restCall(first, null)('register', { email, password: PASSWORD })).ok).toBe(true);
  const login = await restCall(second, null)('login', { email, password: PASSWORD });
  const token = login.body['access_token'];
  if (typeof token !== 'string') throw new Error(`login failed: ${text(login.body)}`);
  const [a, b] = [restCall(first, token), restCall(second, token)];
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await a('get_legal_document', { name });
  expect((await b('accept_eua')).ok).toBe(true);
  expect((await a('acknowledge_risk')).ok).toBe(true);
  await connect(b);
  return token;
}

interface OrderLegView {
  readonly symbol: string;
  readonly side: 'buy' | 'sell';
  readonly intent: string;
}
interface OrderView {
  readonly order_id: string;
  readonly client_order_id: string;
  readonly status: string;
  readonly filled_qty: number;
  readonly legs: readonly OrderLegView[];
}
interface PositionView {
  readonly position_id: string;
  readonly ticker: string;
  readonly status: string;
  readonly qty: number;
  readonly legs: readonly { symbol: string; side: 'long' | 'short' }[];
  readonly alerts: readonly { kind?: string; code?: string }[];
  readonly order_ids: readonly string[];
}

const onTicker = (ticker: string) => (symbol: string): boolean => new RegExp(`^${ticker}\\d{6}[CP]\\d{8}$`).test(symbol);

/** The broker's orders on `ticker`, newest first, read with positions(action='orders'). */
export async function brokerOrders(world: World): Promise<OrderView[]> {
  const answer = await world.confirm('positions', { action: 'orders' });
  expect(answer.ok, text(answer.body)).toBe(true);
  return (answer.body['orders'] as OrderView[]).filter((order) => order.legs.some((leg) => onTicker(world.ticker)(leg.symbol)));
}

/** The client order ids of the broker's orders on `ticker`, oldest first (step 2 of a roll would be `<id>-2`). */
export const placedIds = async (world: World): Promise<string[]> => (await brokerOrders(world)).map((order) => order.client_order_id).reverse();

/** condor's positions on `ticker` that are not closed. */
export async function livePositions(world: World): Promise<PositionView[]> {
  const answer = await world.confirm('get_positions', {});
  expect(answer.ok, text(answer.body)).toBe(true);
  return (answer.body['positions'] as PositionView[]).filter((position) => position.ticker === world.ticker);
}

export async function position(world: World, positionId: string): Promise<PositionView> {
  const answer = await world.confirm('get_positions', { position_id: positionId });
  expect(answer.ok, text(answer.body)).toBe(true);
  const [found] = answer.body['positions'] as PositionView[];
  if (found === undefined) throw new Error(`no position ${positionId}`);
  return found;
}

/**
 * condor's book matches the broker's: the contracts held on `ticker` (summed from the broker's filled orders) are
 * exactly the legs of condor's positions that hold legs ('open' or 'closing'), and no position is still 'opening'.
 */
export async function expectBookMatchesBroker(world: World): Promise<void> {
  const positions = await livePositions(world);
  const orders = await brokerOrders(world);
  const atBroker = new Map<string, number>();
  for (const order of orders) {
    for (const leg of order.legs) atBroker.set(leg.symbol, (atBroker.get(leg.symbol) ?? 0) + (leg.side === 'buy' ? 1 : -1) * order.filled_qty);
  }
  const inBook = new Map<string, number>();
  for (const held of positions) {
    for (const leg of held.legs) inBook.set(leg.symbol, (inBook.get(leg.symbol) ?? 0) + (leg.side === 'long' ? 1 : -1) * held.qty);
  }
  const nonzero = (map: Map<string, number>) => [...map].filter(([, qty]) => qty !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  expect(positions.map((p) => p.status).filter((status) => status !== 'open' && status !== 'closing')).toEqual([]);
  expect(nonzero(inBook), `book ${text(positions)} vs broker ${text(orders)}`).toEqual(nonzero(atBroker));
  // No two of condor's positions share a leg.
  const legs = positions.flatMap((p) => p.legs.map((leg) => leg.symbol));
  expect(new Set(legs).size).toBe(legs.length);
}

/** A refusal that places nothing: `code`, 422 over REST, and its message. */
export function expectRefused(answer: Answer, code: 'ENTRY_REJECTED' | 'OVERLAPPING_LEGS'): string {
  expect(answer.ok, text(answer.body)).toBe(false);
  expect(answer.body['error'], text(answer.body)).toBe(code);
  if (answer.status !== null) expect(answer.status).toBe(422);
  const message = answer.body['message'];
  expect(message).toMatch(/^Nothing was placed/);
  return String(message);
}

/** A search on the world's ticker; its first candidate (the sim market's expiries 20–35 days out). */
export async function firstCandidate(world: World): Promise<unknown> {
  const found = await world.propose('find_iron_condors', { ticker: world.ticker, top_k: 1, dte_min: 20, dte_max: 35 });
  const [candidate] = (found.body['candidates'] ?? []) as unknown[];
  if (candidate === undefined) throw new Error(`no candidate on ${world.ticker}: ${text(found.body)}`);
  return candidate;
}

interface Proposed {
  readonly proposalId: string;
  readonly positionId: string;
  readonly legs: readonly string[];
}

export async function proposeEntry(world: World, candidate: unknown, batch: string): Promise<Proposed> {
  const proposed = await world.propose('propose_entry', { candidate, qty: 1 }, batch);
  expect(proposed.ok, text(proposed.body)).toBe(true);
  const legs = (proposed.body['legs'] as { symbol: string }[]).map((leg) => leg.symbol);
  return { proposalId: proposed.body['proposal_id'] as string, positionId: proposed.body['position_id'] as string, legs };
}

export async function confirmOk(world: World, proposalId: string, batch: string): Promise<Record<string, unknown>> {
  const confirmed = await world.confirm('confirm_proposal', { proposal_id: proposalId }, batch);
  expect(confirmed.ok, text(confirmed.body)).toBe(true);
  expect(confirmed.body).toMatchObject({ proposal_id: proposalId, order_id: expect.any(String) as unknown });
  return confirmed.body;
}

/** Waits (reading the book, which settles working orders) until the position's order has filled: it is 'open'. */
export async function untilOpen(world: World, positionId: string): Promise<PositionView> {
  const until = Date.now() + 20_000;
  for (;;) {
    const found = await position(world, positionId);
    if (found.status === 'open' || Date.now() > until) {
      expect(found.status, text(found)).toBe('open');
      return found;
    }
    await pause(500);
  }
}

/** Proposes the candidate, confirms it from the other side once it may, and waits until it is open. */
export async function openPosition(world: World, candidate: unknown, batch: string): Promise<Proposed> {
  const entry = await proposeEntry(world, candidate, `${batch}-propose`);
  await confirmable();
  await confirmOk(world, entry.proposalId, `${batch}-confirm`);
  await untilOpen(world, entry.positionId);
  return entry;
}

/** A limit that closes the position whatever the market did meanwhile: its widest wing (the most it can be worth). */
export function closingLimit(legs: readonly { symbol: string }[]): number {
  const strike = (symbol: string) => Number(symbol.slice(-8)) / 1000;
  const wing = (type: 'C' | 'P') => {
    const strikes = legs.filter((leg) => leg.symbol.at(-9) === type).map((leg) => strike(leg.symbol));
    return Math.max(...strikes) - Math.min(...strikes);
  };
  return Math.max(wing('C'), wing('P'));
}

export async function proposeExit(world: World, positionId: string, limit: number, batch: string): Promise<string> {
  const proposed = await world.propose('propose_exit', { position_id: positionId, limit_price: limit }, batch);
  expect(proposed.ok, text(proposed.body)).toBe(true);
  expect(proposed.body).toMatchObject({ kind: 'exit', position_id: positionId });
  return proposed.body['proposal_id'] as string;
}

/** get_proposal shows it void, saying which proposal of the position was approved first, on every reader. */
export async function expectVoid(readers: readonly Call[], proposalId: string, winnerId: string): Promise<void> {
  for (const read of readers) {
    const shown = await read('get_proposal', { proposal_id: proposalId });
    expect(shown.body, text(shown.body)).toMatchObject({ proposal_id: proposalId, status: 'void', order_id: null });
    expect(shown.body['status_reason']).toContain(winnerId);
  }
}

// ————— the repros —————

/** What a repro placed and what it had refused (by proposal id), for checks at the broker's own end. */
export interface Outcome {
  readonly placed: readonly string[];
  readonly refused: readonly string[];
}

/**
 * Repro 2 (issue 33): two entry proposals of one candidate made before either is confirmed; confirming both places
 * the first and answers the second OVERLAPPING_LEGS (naming the position that holds the legs), placing nothing.
 */
export async function overlappingEntries(world: World): Promise<Outcome> {
  const candidate = await firstCandidate(world);
  const first = await proposeEntry(world, candidate, 'overlap-1');
  const second = await proposeEntry(world, candidate, 'overlap-1');
  expect(second.positionId).not.toBe(first.positionId);
  expect([...second.legs].sort()).toEqual([...first.legs].sort());
  await confirmable();

  const placed = await confirmOk(world, first.proposalId, 'overlap-2');
  const refused = await world.confirm('confirm_proposal', { proposal_id: second.proposalId }, 'overlap-2');
  expect(expectRefused(refused, 'OVERLAPPING_LEGS')).toContain(first.positionId);
  expect(refused.body['received']).toMatchObject({ proposal_id: second.proposalId, positionId: first.positionId });
  expect(((refused.body['received'] as { legs: string[] }).legs).length).toBeGreaterThan(0);

  // The refusal consumed nothing, and a second try is refused just the same.
  expect((await world.confirm('get_proposal', { proposal_id: second.proposalId })).body).toMatchObject({ status: 'awaiting_confirmation', order_id: null });
  expectRefused(await world.confirm('confirm_proposal', { proposal_id: second.proposalId }, 'overlap-3'), 'OVERLAPPING_LEGS');

  expect(await placedIds(world)).toEqual([first.proposalId]);
  expect((await brokerOrders(world))[0]?.order_id).toBe(placed['order_id']);
  await untilOpen(world, first.positionId);
  expect((await livePositions(world)).map((p) => p.position_id)).toEqual([first.positionId]);
  expect((await world.confirm('get_positions', { position_id: second.positionId })).body['error']).toBe('POSITION_NOT_FOUND');
  await expectBookMatchesBroker(world);
  return { placed: [first.proposalId], refused: [second.proposalId] };
}

/**
 * Repro 1, exit (issue 33): propose_exit(X) twice; the first confirm closes X and voids the second, whose confirm
 * places nothing. Then the same strikes are entered again (Y) and the leftover exit of X, still within its 60 s,
 * is confirmed: refused, and Y keeps its legs.
 */
export async function leftoverExit(world: World, readers: readonly Call[] = [world.confirm]): Promise<Outcome> {
  const candidate = await firstCandidate(world);
  const x = await openPosition(world, candidate, 'exit-x');
  const held = await position(world, x.positionId);
  const limit = closingLimit(held.legs);
  const winner = await proposeExit(world, x.positionId, limit, 'exit-1');
  const leftover = await proposeExit(world, x.positionId, limit, 'exit-1');
  const leftoverAt = Date.now();
  await confirmable();

  expect(await confirmOk(world, winner, 'exit-2')).toMatchObject({ position_id: x.positionId, order_status: 'filled' });
  expect(await position(world, x.positionId)).toMatchObject({ status: 'closed' });
  const refused = expectRefused(await world.confirm('confirm_proposal', { proposal_id: leftover }, 'exit-2'), 'ENTRY_REJECTED');
  expect(refused).toContain('void');
  expect(refused).toContain(winner);
  await expectVoid(readers, leftover, winner);
  expect(await placedIds(world)).toEqual([x.proposalId, winner]);
  await expectBookMatchesBroker(world);

  // The same strikes again: the leftover exit of X would now close Y's legs.
  const y = await openPosition(world, candidate, 'exit-y');
  expect([...y.legs].sort()).toEqual([...x.legs].sort());
  expect(Date.now() - leftoverAt).toBeLessThan(50_000);
  const again = await world.confirm('confirm_proposal', { proposal_id: leftover }, 'exit-3');
  expect(expectRefused(again, 'ENTRY_REJECTED')).toContain('void');
  await expectVoid(readers, leftover, winner);

  expect(await placedIds(world)).toEqual([x.proposalId, winner, y.proposalId]);
  const after = await position(world, y.positionId);
  expect(after).toMatchObject({ status: 'open', qty: 1 });
  expect(after.legs.map((leg) => leg.symbol).sort()).toEqual([...x.legs].sort());
  expect(after.alerts).toEqual([]);
  expect(await position(world, x.positionId)).toMatchObject({ status: 'closed' });
  await expectBookMatchesBroker(world);
  return { placed: [x.proposalId, winner, y.proposalId], refused: [leftover] };
}

/**
 * Repro 1, roll (issue 33): propose_roll(X, call); X is closed with an exit; Y opens on the same strikes; the
 * roll's confirm is refused, and Y's call legs stay at the broker.
 */
export async function leftoverRoll(world: World, readers: readonly Call[] = [world.confirm]): Promise<Outcome> {
  const candidate = await firstCandidate(world);
  const x = await openPosition(world, candidate, 'roll-x');
  const held = await position(world, x.positionId);
  const roll = await world.propose('propose_roll', { position_id: x.positionId, side: 'call', target_dte: 60 }, 'roll-1');
  expect(roll.ok, text(roll.body)).toBe(true);
  expect(roll.body).toMatchObject({ kind: 'roll', position_id: x.positionId });
  const rollId = roll.body['proposal_id'] as string;
  const rollAt = Date.now();
  const exit = await proposeExit(world, x.positionId, closingLimit(held.legs), 'roll-1');
  await confirmable();

  await confirmOk(world, exit, 'roll-2');
  expect(await position(world, x.positionId)).toMatchObject({ status: 'closed' });
  await expectVoid(readers, rollId, exit);

  const y = await openPosition(world, candidate, 'roll-y');
  expect([...y.legs].sort()).toEqual([...x.legs].sort());
  expect(Date.now() - rollAt).toBeLessThan(50_000);
  const refused = expectRefused(await world.confirm('confirm_proposal', { proposal_id: rollId }, 'roll-3'), 'ENTRY_REJECTED');
  expect(refused).toContain('void');
  expect(refused).toContain(exit);
  await expectVoid(readers, rollId, exit);

  expect(await placedIds(world)).toEqual([x.proposalId, exit, y.proposalId]);
  const after = await position(world, y.positionId);
  expect(after).toMatchObject({ status: 'open', qty: 1 });
  expect(after.legs.map((leg) => leg.symbol).sort()).toEqual([...x.legs].sort());
  expect(after.alerts).toEqual([]);
  expect(await position(world, x.positionId)).toMatchObject({ status: 'closed', legs: held.legs.map((leg) => expect.objectContaining({ symbol: leg.symbol }) as unknown) });
  await expectBookMatchesBroker(world);
  return { placed: [x.proposalId, exit, y.proposalId], refused: [rollId] };
}

const nth = <T>(list: readonly T[], i: number): T => {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('an empty list');
  return item;
};

/**
 * `count` entry proposals of one candidate (made in turn through `proposers`), confirmed all at once (in turn
 * through `confirmers`): one places its order, every other answers OVERLAPPING_LEGS.
 */
export async function racingEntries(world: World, count: number, proposers: readonly Call[], confirmers: readonly Call[]): Promise<Outcome> {
  const candidate = await firstCandidate(world);
  const entries: Proposed[] = [];
  for (let i = 0; i < count; i++) entries.push(await proposeEntry({ ...world, propose: nth(proposers, i) }, candidate, 'race-entries-1'));
  await confirmable();
  const answers = await Promise.all(entries.map((entry, i) => nth(confirmers, i)('confirm_proposal', { proposal_id: entry.proposalId }, 'race-entries-2')));
  const winners = entries.filter((_, i) => answers[i]?.ok === true);
  expect(winners, text(answers.map((a) => a.body))).toHaveLength(1);
  for (const answer of answers.filter((a) => !a.ok)) expectRefused(answer, 'OVERLAPPING_LEGS');
  const [winner] = winners;
  if (winner === undefined) throw new Error('no winner');
  expect(await placedIds(world)).toEqual([winner.proposalId]);
  await untilOpen(world, winner.positionId);
  expect((await livePositions(world)).map((p) => p.position_id)).toEqual([winner.positionId]);
  await expectBookMatchesBroker(world);
  return { placed: [winner.proposalId], refused: entries.filter((e) => e !== winner).map((e) => e.proposalId) };
}

/**
 * Two exits (and, `withRoll`, a roll of its put side) of one open position, confirmed all at once (in turn through
 * `confirmers`): one acts on the position, the others place nothing and are void. (A roll is left out where the
 * broker may leave its order, priced at the mid, working.)
 */
export async function racingExits(world: World, proposers: readonly Call[], confirmers: readonly Call[], withRoll: boolean): Promise<Outcome> {
  const candidate = await firstCandidate(world);
  const x = await openPosition(world, candidate, 'race-x');
  const held = await position(world, x.positionId);
  const limit = closingLimit(held.legs);
  const ids = [await proposeExit({ ...world, propose: nth(proposers, 0) }, x.positionId, limit, 'race-exits-1'), await proposeExit({ ...world, propose: nth(proposers, 1) }, x.positionId, limit, 'race-exits-1')];
  if (withRoll) {
    const roll = await nth(proposers, 2)('propose_roll', { position_id: x.positionId, side: 'put', target_dte: 60 }, 'race-exits-1');
    expect(roll.ok, text(roll.body)).toBe(true);
    ids.push(roll.body['proposal_id'] as string);
  }
  await confirmable();
  const answers = await Promise.all(ids.map((id, i) => nth(confirmers, i)('confirm_proposal', { proposal_id: id }, 'race-exits-2')));
  const won = ids.filter((_, i) => answers[i]?.ok === true);
  expect(won, text(answers.map((a) => a.body))).toHaveLength(1);
  const [winner] = won;
  if (winner === undefined) throw new Error('no winner');
  const losers = ids.filter((id) => id !== winner);
  for (const answer of answers) {
    if (answer.ok) continue;
    expect(expectRefused(answer, 'ENTRY_REJECTED')).toContain('void');
  }
  for (const loser of losers) await expectVoid(confirmers, loser, winner);
  expect(await placedIds(world)).toEqual([x.proposalId, winner]);
  await expectBookMatchesBroker(world);
  return { placed: [x.proposalId, winner], refused: losers };
}
