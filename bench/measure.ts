/** Median and spread of repeated timings, after warm-up runs. */
export interface Timing {
  readonly medianMs: number;
  readonly p90Ms: number;
  readonly runs: number;
}

export function measure(run: () => unknown, { warmup = 3, runs = 25 } = {}): Timing {
  for (let i = 0; i < warmup; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { medianMs: at(0.5), p90Ms: at(0.9), runs };
}

export const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
