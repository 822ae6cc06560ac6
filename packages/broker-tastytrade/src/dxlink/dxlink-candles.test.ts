import { okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { DxlinkCandles } from './dxlink-candles.js';
import { realTimers, type SocketFactory, type Timers } from './dxlink-socket.js';
import type { QuoteTokenSource } from './quote-tokens.js';

const tokens = (url: string): QuoteTokenSource => ({
  current: () => okAsync({ token: 't', url, level: 'api', expiresAt: Number.MAX_SAFE_INTEGER }),
  refused: () => undefined,
});

describe('DxlinkCandles', () => {
  it('tries to connect again after each backoff and then says it could not reach the streamer', async () => {
    const waits: number[] = [];
    const timers: Timers = {
      after(ms, callback) {
        waits.push(ms);
        return realTimers.after(ms, callback);
      },
    };
    let attempts = 0;
    const refusingSocket: SocketFactory = (_url, events) => {
      attempts++;
      setImmediate(() => {
        events.close(1006, '');
      });
      return { send: () => undefined, close: () => undefined };
    };
    const candles = new DxlinkCandles(tokens('ws://127.0.0.1:9/'), { socketFactory: refusingSocket, timers, backoffMs: [3, 7] });
    const answer = await candles.history('SPY{=1d}', 0);
    expect(answer._unsafeUnwrapErr()).toEqual({ kind: 'unavailable', message: "condor could not reach tastytrade's quote streamer at ws://127.0.0.1:9/ (closed with code 1006)" });
    expect(attempts).toBe(3);
    expect(waits.filter((ms) => ms === 3 || ms === 7)).toEqual([3, 7]);
    expect(candles.connected).toBe(false);
  });
});
