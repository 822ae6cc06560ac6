import { easternDay, isTradingDay } from '@condor/core';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FakeTastytrade } from '../fake-tastytrade.js';
import { FakeDxlink, type FakeDxlinkOptions } from './fake-dxlink.js';
import { generateDailyCandles } from './fake-dxlink-history.js';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const FROM = Date.parse('2023-01-01T00:00:00Z');
const ASKED = ['eventSymbol', 'eventType', 'time', 'eventFlags', 'open', 'high', 'low', 'close', 'volume', 'impVolatility'];

type Message = Record<string, unknown> & { readonly type: string };

/** A bare DXLink client that records every message and close. */
class RawClient {
  readonly messages: Message[] = [];
  closed: { code: number; reason: string } | null = null;
  private readonly socket: WebSocket;
  private readonly opened: Promise<void>;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.opened = new Promise((resolve) => {
      this.socket.once('open', () => {
        resolve();
      });
    });
    this.socket.on('message', (data: Buffer) => {
      this.messages.push(JSON.parse(data.toString('utf8')) as Message);
    });
    this.socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  async send(...messages: unknown[]): Promise<void> {
    await this.opened;
    for (const message of messages) this.socket.send(JSON.stringify(message));
  }

  async until(done: (client: RawClient) => boolean, ms = 3_000): Promise<void> {
    const start = performance.now();
    while (!done(this)) {
      if (performance.now() - start > ms) throw new Error(`timed out; got ${this.messages.map((m) => m.type).join(' ')}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  of(type: string): Message[] {
    return this.messages.filter((message) => message.type === type);
  }

  close(): void {
    this.socket.close();
  }
}

const fakes: FakeDxlink[] = [];
const clients: RawClient[] = [];
afterEach(async () => {
  clients.splice(0).forEach((client) => {
    client.close();
  });
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
});

async function started(options: FakeDxlinkOptions = {}): Promise<{ fake: FakeDxlink; client: RawClient; token: string }> {
  const fake = new FakeDxlink({ now: () => NOW, ...options });
  fakes.push(fake);
  const url = await fake.start();
  const client = new RawClient(url);
  clients.push(client);
  return { fake, client, token: fake.issueToken().token ?? '' };
}

async function subscribed(client: RawClient, token: string, contract: string | null, symbol = 'SPY{=1d}'): Promise<void> {
  await client.send(
    { type: 'SETUP', channel: 0, version: 'test', keepaliveTimeout: 60, acceptKeepaliveTimeout: 60 },
    { type: 'AUTH', channel: 0, token },
    { type: 'CHANNEL_REQUEST', channel: 1, service: 'FEED', parameters: contract === null ? {} : { contract } },
    { type: 'FEED_SETUP', channel: 1, acceptDataFormat: 'COMPACT', acceptEventFields: { Candle: ASKED } },
    { type: 'FEED_SUBSCRIPTION', channel: 1, add: [{ type: 'Candle', symbol, fromTime: FROM }] },
  );
}

/** Each event of the FEED_DATA messages received, its values by the FEED_CONFIG's field order. */
function events(client: RawClient): Record<string, unknown>[] {
  const config = client.of('FEED_CONFIG')[0];
  if (config === undefined) return [];
  const fields = (config.eventFields as { Candle: string[] }).Candle;
  return client.of('FEED_DATA').flatMap((message) => {
    const data = message.data as unknown[];
    const values = (typeof data[0] === 'string' ? data[1] : (data[0] as unknown[])[1]) as unknown[];
    const out: Record<string, unknown>[] = [];
    for (let i = 0; i < values.length; i += fields.length) out.push(Object.fromEntries(fields.map((field, k) => [field, values[i + k]])));
    return out;
  });
}

const endOf = (client: RawClient): boolean => events(client).some((event) => ((event.eventFlags as number) & 0x08) !== 0);

describe('FakeDxlink: the conversation', () => {
  it('answers SETUP with its own and UNAUTHORIZED, then AUTHORIZED for a token it issued, and opens a channel with its contract', async () => {
    const { client, token } = await started();
    await subscribed(client, token, 'HISTORY');
    await client.until((c) => c.of('CHANNEL_OPENED').length === 1);
    expect(client.messages.slice(0, 3).map((m) => [m.type, m.state])).toEqual([['SETUP', undefined], ['AUTH_STATE', 'UNAUTHORIZED'], ['AUTH_STATE', 'AUTHORIZED']]);
    expect(client.of('CHANNEL_OPENED')[0]).toMatchObject({ channel: 1, parameters: { contract: 'HISTORY' } });
  });

  it('sends FEED_CONFIG in its own field order after the first subscription, not the order asked', async () => {
    const { client, token } = await started();
    await subscribed(client, token, 'HISTORY');
    await client.until((c) => c.of('FEED_CONFIG').length === 1);
    const fields = (client.of('FEED_CONFIG')[0]!.eventFields as { Candle: string[] }).Candle;
    expect(new Set(fields)).toEqual(new Set(ASKED));
    expect(fields).not.toEqual(ASKED);
    expect(client.messages.findIndex((m) => m.type === 'FEED_CONFIG')).toBeLessThan(client.messages.findIndex((m) => m.type === 'FEED_DATA'));
  });
});

describe('FakeDxlink: the quirks of the reference', () => {
  it('answers a history subscription on the AUTO contract with an empty snapshot: one event, flags 14, prices NaN', async () => {
    const { client, token } = await started();
    await subscribed(client, token, null);
    await client.until(endOf);
    const [only, ...rest] = events(client);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ eventSymbol: 'SPY{=d}', eventFlags: 14, open: 'NaN', close: 'NaN' });
  });

  it('renames the period, sends the history newest first over several frames, TX_PENDING on some, ending on a price-less REMOVE|END sentinel', async () => {
    const { client, token } = await started({ eventsPerFrame: 100 });
    await subscribed(client, token, 'HISTORY');
    await client.until(endOf);
    const frames = client.of('FEED_DATA');
    expect(frames.length).toBeGreaterThan(5);
    const all = events(client);
    expect(new Set(all.map((event) => event.eventSymbol))).toEqual(new Set(['SPY{=d}']));
    const sentinel = all.findIndex((event) => event.eventFlags === 10);
    expect(all[sentinel]).toMatchObject({ time: 0, close: 'NaN' });
    const bars = all.slice(0, sentinel);
    expect(bars[0]!.eventFlags).toBe(0x04);
    const times = bars.map((event) => event.time as number);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.at(-1)).toBeGreaterThanOrEqual(FROM);
    expect(bars.some((event) => ((event.eventFlags as number) & 0x01) !== 0)).toBe(true);
    expect(bars.filter((event) => ((event.eventFlags as number) & 0x01) === 0).length).toBeGreaterThan(bars.length / 2);
  });

  it('writes the older nested COMPACT shape and END on the oldest bar when asked to', async () => {
    const { client, token } = await started({ shape: 'nested', end: 'flagged' });
    await subscribed(client, token, 'HISTORY');
    await client.until(endOf);
    expect(Array.isArray((client.of('FEED_DATA')[0]!.data as unknown[])[0])).toBe(true);
    const all = events(client);
    const end = all.findIndex((event) => ((event.eventFlags as number) & 0x08) !== 0);
    expect(all[end]!.close).toEqual(expect.any(Number));
    expect(all[end]!.time).toBe(Math.min(...all.map((event) => event.time as number)));
  });

  it('ends a connection whose client stops sending keepalives with ERROR TIMEOUT and a close', async () => {
    const { client, token } = await started({ keepaliveSeconds: 0.15 });
    await client.send({ type: 'SETUP', channel: 0, version: 'test', keepaliveTimeout: 60, acceptKeepaliveTimeout: 60 }, { type: 'AUTH', channel: 0, token });
    await client.until((c) => c.closed !== null);
    expect(client.of('ERROR')).toEqual([expect.objectContaining({ error: 'TIMEOUT' })]);
  });

  it('keeps a connection that sends keepalives', async () => {
    const { client, token } = await started({ keepaliveSeconds: 0.15 });
    await client.send({ type: 'SETUP', channel: 0, version: 'test', keepaliveTimeout: 60, acceptKeepaliveTimeout: 60 }, { type: 'AUTH', channel: 0, token });
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await client.send({ type: 'KEEPALIVE', channel: 0 });
    }
    expect(client.closed).toBeNull();
  });

  it('closes the socket with 1009 on a subscription message that is too large', async () => {
    const { client, token } = await started({ maxSubscriptionBytes: 400 });
    await subscribed(client, token, 'HISTORY');
    await client.until(endOf);
    const many = ['QQQ', 'IWM', 'AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'META'].map((ticker) => ({ type: 'Candle', symbol: `${ticker}{=1d}`, fromTime: FROM }));
    await client.send({ type: 'FEED_SUBSCRIPTION', channel: 1, add: many });
    await client.until((c) => c.closed !== null);
    expect(client.closed?.code).toBe(1009);
  });

  it('refuses an unknown, a revoked and an expired token with ERROR UNAUTHORIZED and a close', async () => {
    let now = NOW;
    const fake = new FakeDxlink({ now: () => now, tokenSeconds: 60 });
    fakes.push(fake);
    const url = await fake.start();
    const revoked = fake.issueToken().token!;
    fake.revokeTokens();
    const expired = fake.issueToken().token!;
    now += 61_000;
    for (const token of ['made-up', revoked, expired]) {
      const client = new RawClient(url);
      clients.push(client);
      await client.send({ type: 'SETUP', channel: 0, version: 'test', keepaliveTimeout: 60, acceptKeepaliveTimeout: 60 }, { type: 'AUTH', channel: 0, token });
      await client.until((c) => c.closed !== null);
      expect(client.of('ERROR'), token).toEqual([expect.objectContaining({ error: 'UNAUTHORIZED' })]);
      expect(client.of('AUTH_STATE').map((m) => m.state)).toEqual(['UNAUTHORIZED']);
    }
  });

  it('drops the socket part way through a history when told to', async () => {
    const { fake, client, token } = await started({ eventsPerFrame: 50 });
    fake.failNextHistories('drop', { afterFrames: 3 });
    await subscribed(client, token, 'HISTORY');
    await client.until((c) => c.closed !== null);
    expect(client.of('FEED_DATA')).toHaveLength(3);
    expect(client.closed?.code).toBe(1006);
  });
});

describe('FakeDxlink: history and counting', () => {
  it('generates six years of sessions by default, deterministic, one per trading day, with IV', () => {
    const spec = { price: 605, iv: 0.15 };
    const candles = generateDailyCandles('SPY', spec, { now: NOW, years: 6 });
    expect(candles).toEqual(generateDailyCandles('SPY', spec, { now: NOW, years: 6 }));
    expect(candles.length).toBeGreaterThan(3 * 250);
    expect(candles.every((c) => isTradingDay(easternDay(c.time)) && c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close))).toBe(true);
    expect(candles.at(-1)!.close).toBe(605);
    expect(candles.every((c) => c.impVolatility > 0.05 && c.impVolatility < 1)).toBe(true);
    expect(generateDailyCandles('SPY', { price: 605, iv: null }, { now: NOW, years: 1 }).every((c) => Number.isNaN(c.impVolatility))).toBe(true);
  });

  it('counts connections and subscriptions per token', async () => {
    const { fake, client, token } = await started();
    await subscribed(client, token, 'HISTORY');
    await client.send({ type: 'FEED_SUBSCRIPTION', channel: 1, add: [{ type: 'Candle', symbol: 'QQQ{=1d}', fromTime: FROM }] });
    await client.until((c) => events(c).filter((event) => event.eventFlags === 10).length === 2);
    expect(fake.usage(token)).toEqual({ connections: 1, subscriptions: 2 });
    expect(fake.usage(fake.issueToken().token!)).toEqual({ connections: 0, subscriptions: 0 });
  });

  it("is what the REST fake's GET /api-quote-tokens points at", async () => {
    const rest = new FakeTastytrade({ now: () => NOW });
    const base = await rest.start();
    try {
      const token = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'User-Agent': 'test/1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: rest.refreshToken, client_secret: rest.clientSecret }),
      }).then((r) => r.json() as Promise<{ access_token: string }>);
      const answer = await fetch(`${base}/api-quote-tokens`, { headers: { 'User-Agent': 'test/1', Authorization: `Bearer ${token.access_token}` } }).then((r) => r.json() as Promise<{ data: Record<string, string> }>);
      expect(answer.data).toMatchObject({ 'dxlink-url': rest.dxlink.url, level: 'api', 'expires-at': new Date(NOW + 86_400_000).toISOString() });
      expect(rest.dxlink.issuedTokens).toEqual([answer.data.token]);
      const refused = await fetch(`${base}/api-quote-tokens`, { headers: { 'User-Agent': 'test/1' } });
      expect(refused.status).toBe(401);
    } finally {
      await rest.stop();
    }
  });
});
