import { describe, expect, it } from 'vitest';
import type { CandleEvent } from './candle-event.js';
import { DxlinkConnection, type ConnectionEnd } from './dxlink-connection.js';
import type { SocketEvents, Timers } from './dxlink-socket.js';

/** Timers run by hand: `advance` fires what is due, in order. */
class ManualTimers implements Timers {
  now = 0;
  private queue: { at: number; callback: () => void; cancelled: boolean }[] = [];
  after(ms: number, callback: () => void): () => void {
    const entry = { at: this.now + ms, callback, cancelled: false };
    this.queue.push(entry);
    return () => {
      entry.cancelled = true;
    };
  }
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = this.queue.filter((e) => !e.cancelled && e.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      due.cancelled = true;
      this.now = due.at;
      due.callback();
    }
    this.now = until;
  }
}

function scripted(keepaliveSeconds = 60) {
  const timers = new ManualTimers();
  const sent: Record<string, unknown>[] = [];
  const candles: CandleEvent[] = [];
  const ends: ConnectionEnd[] = [];
  let events: SocketEvents | null = null;
  let ready = 0;
  const connection = new DxlinkConnection(
    'wss://dxlink.test',
    'token-1',
    {
      socketFactory: (_url, socketEvents) => {
        events = socketEvents;
        return {
          send: (text) => {
            sent.push(JSON.parse(text) as Record<string, unknown>);
          },
          close: (code) => {
            socketEvents.close(code ?? 1000, '');
          },
        };
      },
      timers,
      keepaliveSeconds,
      handshakeMs: 10_000,
    },
    {
      ready: () => {
        ready++;
      },
      candles: (list) => {
        candles.push(...list);
      },
      ended: (end) => {
        ends.push(end);
      },
    },
  );
  const server = (message: unknown): void => {
    events!.message(JSON.stringify(message));
  };
  return { connection, timers, sent, candles, ends, server, socket: () => events!, ready: () => ready };
}

function handshake(s: ReturnType<typeof scripted>, serverKeepalive = 60): void {
  s.socket().open();
  s.server({ type: 'SETUP', channel: 0, keepaliveTimeout: serverKeepalive });
  s.server({ type: 'AUTH_STATE', channel: 0, state: 'UNAUTHORIZED' });
  s.server({ type: 'AUTH_STATE', channel: 0, state: 'AUTHORIZED' });
  s.server({ type: 'CHANNEL_OPENED', channel: 1, service: 'FEED', parameters: { contract: 'HISTORY' } });
}

describe('DxlinkConnection', () => {
  it('sends SETUP, AUTH once, a HISTORY channel and COMPACT Candle fields, then is ready', () => {
    const s = scripted();
    handshake(s);
    expect(s.sent.map((m) => m.type)).toEqual(['SETUP', 'AUTH', 'CHANNEL_REQUEST', 'FEED_SETUP']);
    expect(s.sent[1]).toEqual({ type: 'AUTH', channel: 0, token: 'token-1' });
    expect(s.sent[2]).toMatchObject({ channel: 1, service: 'FEED', parameters: { contract: 'HISTORY' } });
    expect(s.sent[3]).toMatchObject({ acceptDataFormat: 'COMPACT', acceptEventFields: { Candle: expect.arrayContaining(['eventFlags', 'time', 'impVolatility']) as unknown } });
    expect(s.ready()).toBe(1);
  });

  it('sends KEEPALIVE every half of the shorter timeout, at most every 30 s', () => {
    const short = scripted();
    handshake(short, 20);
    short.timers.advance(30_000);
    expect(short.sent.filter((m) => m.type === 'KEEPALIVE')).toHaveLength(3);
    const long = scripted(120);
    handshake(long, 600);
    long.timers.advance(90_000);
    expect(long.sent.filter((m) => m.type === 'KEEPALIVE')).toHaveLength(3);
  });

  it('keeps FEED_DATA that comes before FEED_CONFIG and reads it by the config order once it comes', () => {
    const s = scripted();
    handshake(s);
    s.server({ type: 'FEED_DATA', channel: 1, data: ['Candle', [1_700_000_000_000, 'SPY{=d}', 'Candle', 8, 101.5]] });
    expect(s.candles).toEqual([]);
    s.server({ type: 'FEED_CONFIG', channel: 1, dataFormat: 'COMPACT', eventFields: { Candle: ['time', 'eventSymbol', 'eventType', 'eventFlags', 'close'] } });
    expect(s.candles).toMatchObject([{ symbol: 'SPY{=d}', time: 1_700_000_000_000, flags: 8, close: 101.5 }]);
    expect(Number.isNaN(s.candles[0]!.open)).toBe(true);
  });

  it('subscribes in messages of at most the given number of symbols', () => {
    const s = scripted();
    handshake(s);
    s.connection.subscribe(['A', 'B', 'C', 'D', 'E'].map((ticker) => ({ symbol: `${ticker}{=1d}`, fromTime: 1 })), 2);
    const adds = s.sent.filter((m) => m.type === 'FEED_SUBSCRIPTION').map((m) => (m.add as { symbol: string }[]).map((entry) => entry.symbol));
    expect(adds).toEqual([['A{=1d}', 'B{=1d}'], ['C{=1d}', 'D{=1d}'], ['E{=1d}']]);
    expect(s.sent.find((m) => m.type === 'FEED_SUBSCRIPTION')!.add).toEqual([
      { type: 'Candle', symbol: 'A{=1d}', fromTime: 1 },
      { type: 'Candle', symbol: 'B{=1d}', fromTime: 1 },
    ]);
  });

  it('tells its owner how it ended: 1009, a refused token, a drop with the server ERROR, a handshake that never finished', () => {
    const tooLarge = scripted();
    handshake(tooLarge);
    tooLarge.socket().close(1009, 'Message too big');
    const refused = scripted();
    refused.socket().open();
    refused.server({ type: 'ERROR', channel: 0, error: 'UNAUTHORIZED', message: 'Invalid or expired token' });
    const timedOut = scripted();
    handshake(timedOut);
    timedOut.server({ type: 'ERROR', channel: 0, error: 'TIMEOUT', message: 'No keepalive' });
    timedOut.socket().close(1000, '');
    const stuck = scripted();
    stuck.socket().open();
    stuck.timers.advance(10_000);
    expect([tooLarge.ends, refused.ends, timedOut.ends, stuck.ends]).toEqual([
      [{ kind: 'too_large' }],
      [{ kind: 'unauthorized', words: 'Invalid or expired token' }],
      [{ kind: 'dropped', words: 'TIMEOUT: No keepalive' }],
      [{ kind: 'unreachable', words: 'no open feed channel within 10000 ms' }],
    ]);
  });
});
