import type { SavedStrategy, SavedStrategyStore } from '@condor/core';
import { JsonText } from './json-text.js';

interface StoredStrategy extends Omit<SavedStrategy, 'rules' | 'metrics'> {
  readonly rules: JsonText;
  readonly metrics: JsonText;
}

/** In-memory SavedStrategyStore with the same semantics as the SQL one, documents copied in and out. */
export class MemorySavedStrategyStore implements SavedStrategyStore {
  private readonly all = new Map<string, StoredStrategy>();

  save(strategy: SavedStrategy): Promise<{ readonly strategy: SavedStrategy; readonly created: boolean }> {
    const existing = [...this.all.values()].find(
      (s) => s.ownerId === strategy.ownerId && s.runId === strategy.runId && s.rank === strategy.rank,
    );
    if (existing !== undefined) return Promise.resolve({ strategy: toStrategy(existing), created: false });
    if (this.all.has(strategy.id)) return Promise.reject(new Error(`Saved strategy ${strategy.id} already exists`));
    if (strategy.active && this.activeOf(strategy.ownerId, strategy.ticker) !== undefined) {
      return Promise.reject(new Error(`${strategy.ownerId} already has an active ${strategy.ticker} strategy`));
    }
    const stored = { ...strategy, rules: new JsonText(strategy.rules), metrics: new JsonText(strategy.metrics) };
    this.all.set(strategy.id, stored);
    return Promise.resolve({ strategy: toStrategy(stored), created: true });
  }

  get(ownerId: string, id: string): Promise<SavedStrategy | undefined> {
    const stored = this.find(ownerId, id);
    return Promise.resolve(stored === undefined ? undefined : toStrategy(stored));
  }

  list(ownerId: string): Promise<readonly SavedStrategy[]> {
    const owned = [...this.all.values()].filter((s) => s.ownerId === ownerId);
    owned.sort((a, b) => b.savedAt - a.savedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return Promise.resolve(owned.map(toStrategy));
  }

  delete(ownerId: string, id: string): Promise<boolean> {
    return Promise.resolve(this.find(ownerId, id) !== undefined && this.all.delete(id));
  }

  activate(ownerId: string, id: string): Promise<SavedStrategy | undefined> {
    const target = this.find(ownerId, id);
    if (target === undefined) return Promise.resolve(undefined);
    const current = this.activeOf(ownerId, target.ticker);
    if (current !== undefined) this.all.set(current.id, { ...current, active: false });
    const activated = { ...target, active: true };
    this.all.set(id, activated);
    return Promise.resolve(toStrategy(activated));
  }

  private find(ownerId: string, id: string): StoredStrategy | undefined {
    const stored = this.all.get(id);
    return stored?.ownerId === ownerId ? stored : undefined;
  }

  private activeOf(ownerId: string, ticker: string): StoredStrategy | undefined {
    return [...this.all.values()].find((s) => s.ownerId === ownerId && s.ticker === ticker && s.active);
  }
}

const toStrategy = (stored: StoredStrategy): SavedStrategy => ({
  ...stored,
  rules: stored.rules.read(),
  metrics: stored.metrics.read(),
});
