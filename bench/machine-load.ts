import { cpus, loadavg } from 'node:os';

/** The machine's 1-minute load average, sampled through the run: other work on a shared machine moves every rate. */
export interface LoadSampler {
  /** One line for the report: the load's range over the run, against the cores. */
  summary(): string;
  stop(): void;
}

/** Samples the 1-minute load average every `everyMs` until stopped. */
export function sampleMachineLoad(everyMs = 5_000): LoadSampler {
  const samples = [loadavg()[0] ?? Number.NaN];
  const timer = setInterval(() => samples.push(loadavg()[0] ?? Number.NaN), everyMs);
  timer.unref();
  return {
    summary: () => {
      const sorted = [...samples].sort((a, b) => a - b);
      const at = (q: number): string => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN).toFixed(1);
      return `The machine's 1-minute load average during this run (${String(samples.length)} samples, every ${String(everyMs / 1000)} s, on ${String(cpus().length)} cores shared with other engineers' test runs): median ${at(0.5)}, from ${at(0)} to ${at(1)}.`;
    },
    stop: () => {
      clearInterval(timer);
    },
  };
}
