import { afterEach, describe, expect, it, vi } from 'vitest';
import { Ticker } from './ticker.js';

describe('Ticker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at start when asked, then every interval, and skips a tick while the last run is going', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let release: () => void = () => undefined;
    const ticker = new Ticker(
      () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      100,
      true,
    );
    ticker.start();
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(350);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    release();
    await ticker.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
  });

  it('waits for the run under way when stopped, and does not run at start unless asked', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const ticker = new Ticker(
      () => {
        order.push('run');
        return new Promise<void>((resolve) => {
          release = () => {
            order.push('finished');
            resolve();
          };
        });
      },
      50,
      false,
    );
    ticker.start();
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(order).toEqual(['run']);
    const stopped = ticker.stop().then(() => order.push('stopped'));
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['run']);
    release();
    await stopped;
    expect(order).toEqual(['run', 'finished', 'stopped']);
  });

  it('hands a failed run to onFailure and runs on at the next tick; says it stopped once stop is called', async () => {
    vi.useFakeTimers();
    const failures: unknown[] = [];
    let runs = 0;
    const ticker = new Ticker(
      () => {
        runs += 1;
        return runs === 1 ? Promise.reject(new Error('database went away')) : Promise.resolve();
      },
      100,
      true,
      (error) => failures.push(error),
    );
    ticker.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    expect(failures.map((e) => (e as Error).message)).toEqual(['database went away']);
    expect(ticker.stopped).toBe(false);
    await ticker.stop();
    expect(ticker.stopped).toBe(true);
  });
});

