import type { RunCursor, StrategyRun, StrategyRunStore } from '@condor/core';
import { JsonText } from './json-text.js';

interface StoredRun extends Omit<StrategyRun, 'inputs' | 'result'> {
  readonly inputs: JsonText;
  readonly result: JsonText;
}

const newestFirst = (a: RunCursor, b: RunCursor): number =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** In-memory StrategyRunStore with the same semantics as the SQL one, documents copied in and out. */
export class MemoryStrategyRunStore implements StrategyRunStore {
  private readonly all = new Map<string, StoredRun>();

  insert(run: StrategyRun): Promise<void> {
    if (this.all.has(run.id)) return Promise.reject(new Error(`Strategy run ${run.id} already exists`));
    this.all.set(run.id, { ...run, inputs: new JsonText(run.inputs), result: new JsonText(run.result) });
    return Promise.resolve();
  }

  get(ownerId: string, id: string): Promise<StrategyRun | undefined> {
    const run = this.all.get(id);
    return Promise.resolve(run?.ownerId === ownerId ? toRun(run) : undefined);
  }

  latest(ownerId: string): Promise<StrategyRun | undefined> {
    const [newest] = this.newestFirst(ownerId);
    return Promise.resolve(newest === undefined ? undefined : toRun(newest));
  }

  list(ownerId: string, limit: number, after?: RunCursor): Promise<readonly StrategyRun[]> {
    const runs = this.newestFirst(ownerId).filter((run) => after === undefined || newestFirst(after, run) < 0);
    return Promise.resolve(runs.slice(0, Math.max(0, limit)).map(toRun));
  }

  private newestFirst(ownerId: string): StoredRun[] {
    return [...this.all.values()].filter((run) => run.ownerId === ownerId).sort(newestFirst);
  }
}

const toRun = (run: StoredRun): StrategyRun => ({ ...run, inputs: run.inputs.read(), result: run.result.read() });
