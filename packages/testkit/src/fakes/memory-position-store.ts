import type { ManagedPosition, PositionStore } from '@condor/core';

const newestFirst = (a: ManagedPosition, b: ManagedPosition): number =>
  b.openedAt - a.openedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** In-memory PositionStore with the same semantics as the SQL one; positions kept as JSON text, so copied in and out. */
export class MemoryPositionStore implements PositionStore {
  private readonly all = new Map<string, string>();

  insert(position: ManagedPosition): Promise<void> {
    if (this.all.has(position.id)) return Promise.reject(new Error(`Position ${position.id} already exists`));
    this.all.set(position.id, JSON.stringify(position));
    return Promise.resolve();
  }

  get(ownerId: string, id: string): Promise<ManagedPosition | undefined> {
    const position = this.read(id);
    return Promise.resolve(position?.ownerId === ownerId ? position : undefined);
  }

  list(ownerId: string, openOnly: boolean): Promise<readonly ManagedPosition[]> {
    const owned = [...this.all.keys()]
      .map((id) => this.read(id)!)
      .filter((p) => p.ownerId === ownerId && !(openOnly && p.status === 'closed'));
    return Promise.resolve(owned.sort(newestFirst));
  }

  update(position: ManagedPosition): Promise<boolean> {
    if (this.read(position.id)?.ownerId !== position.ownerId) return Promise.resolve(false);
    this.all.set(position.id, JSON.stringify(position));
    return Promise.resolve(true);
  }

  ownersWithLive(): Promise<readonly string[]> {
    return Promise.resolve([...new Set(this.everyone().filter((p) => p.status !== 'closed').map((p) => p.ownerId))].sort());
  }

  /** Every position of the owner, read at once (the memory proposal store's book for a consume). */
  ownedBy(ownerId: string): ManagedPosition[] {
    return [...this.all.keys()].map((id) => this.read(id)!).filter((p) => p.ownerId === ownerId);
  }

  /** Every position, read at once (the memory proposal store's unfinished list). */
  everyone(): ManagedPosition[] {
    return [...this.all.keys()].map((id) => this.read(id)!);
  }

  private read(id: string): ManagedPosition | undefined {
    const text = this.all.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as ManagedPosition);
  }
}
