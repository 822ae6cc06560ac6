import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute, type ManagedPosition, type Proposal, type Services } from '@condor/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRuntime, type Runtime } from '../build-runtime.js';
import { loadConfig } from '../config/load-config.js';

/**
 * Start-up reconciliation through the real composition: a runtime leaves proposals as a kill -9 would, and a
 * second runtime on the same SQLite file and data folder (a restart) finishes them from the broker's record.
 * The simulated paper broker keeps its accounts in the database, so the restarted one knows every old order;
 * an order id it never placed stands for one a broker forgot.
 */

const PASSWORD = 'restart password 1';
const MINUTE = 60_000;

describe('reconciling unfinished proposals at start', () => {
  const opened: Runtime[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const runtime of opened.splice(0)) await runtime.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const start = async (dir: string): Promise<Runtime> => {
    // Orders through the market fill at once here, as they did before the realistic fill model.
    const runtime = await buildRuntime(loadConfig({ CONDOR_DATA_DIR: dir, LOG_LEVEL: 'silent', CONDOR_SIM_FILLS: 'at_mid' }));
    opened.push(runtime);
    return runtime;
  };

  /** A user with the simulated broker connected, on a fresh data folder. */
  async function trader(): Promise<{ dir: string; runtime: Runtime; userId: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'condor-restart-'));
    dirs.push(dir);
    const runtime = await start(dir);
    const bare = { services: runtime.services, credential: null, requestId: 'r', batchKey: null };
    await execute('register', { email: 'restart@example.com', password: PASSWORD }, bare);
    const login = (await execute('login', { email: 'restart@example.com', password: PASSWORD }, bare))._unsafeUnwrap().value as {
      access_token: string;
      user: { user_id: string };
    };
    const call = (tool: string, input: unknown = {}) => execute(tool, input, { ...bare, credential: login.access_token });
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
    await call('accept_eua');
    await call('acknowledge_risk');
    (await call('connect_broker', { authorization_confirmed: true, broker: 'sim' }))._unsafeUnwrap();
    return { dir, runtime, userId: login.user.user_id };
  }

  const proposal = (services: Services, ownerId: string, changes: Partial<Proposal>): Proposal => ({
    id: services.ids.uuid(),
    ownerId,
    kind: 'entry',
    batchKey: 'b',
    createdAt: services.clock.now() - 5 * MINUTE,
    ticker: 'SPY',
    qty: 1,
    legs: [{ symbol: 'SPY260320P00540000', side: 'sell', intent: 'sell_to_open' }],
    limitPrice: -1,
    maxLoss: 400,
    summary: 'restart',
    positionId: services.ids.uuid(),
    details: {},
    consumedAt: services.clock.now() - 4 * MINUTE,
    approval: { method: 'elicitation', at: services.clock.now() - 4 * MINUTE, userId: ownerId, client: 'test-client/1', address: null },
    outcome: null,
    ...changes,
  });

  const position = (p: Proposal, changes: Partial<ManagedPosition>): ManagedPosition => ({
    id: p.positionId,
    ownerId: p.ownerId,
    ticker: 'SPY',
    expiry: '2026-03-20',
    legs: [],
    qty: 1,
    entryCredit: 1,
    status: 'opening',
    openedAt: p.consumedAt ?? 0,
    closedAt: null,
    orderIds: [],
    ...changes,
  });

  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return read();
  }

  it('records a proposal consumed by a process that died before its order reached the broker as not placed, and closes an opening entry the broker forgot', async () => {
    const { dir, runtime, userId } = await trader();
    const { services } = runtime;
    const unsent = proposal(services, userId, {});
    const forgotten = proposal(services, userId, { outcome: { status: 'submitted', orderId: 'sim-order-2b1c0a3e-6d9f-4e1a-8b7c-5d4e3f2a1b0c' } });
    const rejected = proposal(services, userId, { outcome: { status: 'rejected', detail: 'buying power' } });
    for (const p of [unsent, forgotten, rejected]) await services.proposals.insert(p);
    await services.positions.insert(position(forgotten, { orderIds: ['sim-order-2b1c0a3e-6d9f-4e1a-8b7c-5d4e3f2a1b0c'] }));
    await runtime.close();
    opened.splice(opened.indexOf(runtime), 1);

    const restarted = await start(dir);
    const after = restarted.services;
    const stored = await eventually(
      () => after.proposals.get(userId, unsent.id),
      (p) => p?.outcome !== null,
    );
    expect(stored?.outcome).toEqual({ status: 'rejected', detail: 'expired before its order reached the broker' });
    const closed = await eventually(
      () => after.positions.get(userId, forgotten.positionId),
      (p) => p?.status === 'closed',
    );
    expect(closed).toMatchObject({ status: 'closed', closedAt: expect.any(Number) as unknown });
    expect((await after.proposals.get(userId, rejected.id))?.outcome).toEqual({ status: 'rejected', detail: 'buying power' });
    const broker = after.brokers.open({ ownerId: userId, broker: 'sim', environment: 'paper', credentials: null });
    expect((await broker.orders('all'))._unsafeUnwrap()).toEqual([]);
  });

  it('keeps the simulated paper account through a restart: the order placed before it is listed and its position closed after', async () => {
    const { dir, runtime, userId } = await trader();
    const access = { ownerId: userId, broker: 'sim', environment: 'paper', credentials: null } as const;
    const { market } = runtime.services;
    const expiry = (await market.expirations('SPY'))._unsafeUnwrap().at(-1) ?? '';
    const call = (await market.optionChain('SPY', expiry))._unsafeUnwrap().find((c) => c.type === 'call' && c.bid > 0.05);
    const symbol = call?.symbol ?? '';
    const before = runtime.services.brokers.open(access);
    const bought = (await before.submit({ clientOrderId: 'before', qty: 2, limitPrice: (call?.ask ?? 0) + 0.05, legs: [{ symbol, side: 'buy', intent: 'buy_to_open' }] }))._unsafeUnwrap();
    expect(bought.status).toBe('filled');
    const account = (await before.verify())._unsafeUnwrap();
    await runtime.close();
    opened.splice(opened.indexOf(runtime), 1);

    const after = (await start(dir)).services.brokers.open(access);
    expect((await after.orders('all'))._unsafeUnwrap()).toEqual([bought]);
    expect((await after.orderByClientId('before'))._unsafeUnwrap()).toEqual(bought);
    expect((await after.positions())._unsafeUnwrap().map((p) => [p.symbol, p.qty])).toEqual([[symbol, 2]]);
    expect((await after.verify())._unsafeUnwrap().accountId).toBe(account.accountId);
    const sold = (await after.submit({ clientOrderId: 'after', qty: 2, limitPrice: -0.01, legs: [{ symbol, side: 'sell', intent: 'sell_to_close' }] }))._unsafeUnwrap();
    expect(sold.status).toBe('filled');
    expect(sold.id).not.toBe(bought.id);
    expect((await after.positions())._unsafeUnwrap()).toEqual([]);
    expect((await after.submit({ clientOrderId: 'before', qty: 1, limitPrice: 1, legs: [{ symbol, side: 'buy', intent: 'buy_to_open' }] }))._unsafeUnwrapErr()).toEqual({
      kind: 'rejected',
      message: 'client_order_id must be unique',
    });
  });

  it('names simulated orders with 122 random bits each: nothing in one id tells another', async () => {
    const { runtime, userId } = await trader();
    const { market, brokers } = runtime.services;
    const expiry = (await market.expirations('SPY'))._unsafeUnwrap().at(-1) ?? '';
    const farCall = (await market.optionChain('SPY', expiry))._unsafeUnwrap().filter((c) => c.type === 'call').at(-1);
    const broker = brokers.open({ ownerId: userId, broker: 'sim', environment: 'paper', credentials: null });
    const ids: string[] = [];
    for (let i = 0; i < 64; i++) {
      const placed = await broker.submit({
        clientOrderId: `by-hand-${String(i)}`,
        qty: 1,
        limitPrice: 0.01,
        legs: [{ symbol: farCall?.symbol ?? '', side: 'buy', intent: 'buy_to_open' }],
      });
      ids.push(placed._unsafeUnwrap().id);
    }
    const uuidV4 = /^sim-order-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const id of ids) expect(id).toMatch(uuidV4);
    expect(new Set(ids).size).toBe(ids.length);
    // A counter changes its last digits only; random ids differ in about half of their 122 random bits.
    const hex = (id: string) => id.slice('sim-order-'.length).replaceAll('-', '');
    const differingBits = (a: string, b: string) => (BigInt(`0x${hex(a)}`) ^ BigInt(`0x${hex(b)}`)).toString(2).replaceAll('0', '').length;
    for (let i = 1; i < ids.length; i++) {
      expect(differingBits(ids[i - 1]!, ids[i]!), `${ids[i - 1]!} then ${ids[i]!}`).toBeGreaterThanOrEqual(32);
    }
    // Every hex digit outside the version and variant nibbles takes many values across the ids.
    const positions = [...Array(32).keys()].filter((k) => k !== 12 && k !== 16);
    for (const k of positions) expect(new Set(ids.map((id) => hex(id)[k])).size).toBeGreaterThanOrEqual(6);
  });
});
