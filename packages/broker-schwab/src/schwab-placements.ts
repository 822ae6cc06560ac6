import type { PlacementIntent, PlacementJournal } from '@condor/core';

export type { PlacementIntent, PlacementJournal } from '@condor/core';

/** The journal kept in this process's memory: the default, lost with the process (the runtime keeps intents in the database). */
export class MemoryPlacementJournal implements PlacementJournal {
  private readonly intents = new Map<string, PlacementIntent>();

  get(ownerId: string, accountHash: string, clientOrderId: string): Promise<PlacementIntent | undefined> {
    return Promise.resolve(this.intents.get(key(ownerId, accountHash, clientOrderId)));
  }

  put(ownerId: string, intent: PlacementIntent): Promise<void> {
    this.intents.set(key(ownerId, intent.accountHash, intent.clientOrderId), intent);
    return Promise.resolve();
  }

  list(ownerId: string, accountHash: string): Promise<readonly PlacementIntent[]> {
    const prefix = key(ownerId, accountHash, '');
    return Promise.resolve([...this.intents.entries()].filter(([k]) => k.startsWith(prefix)).map(([, intent]) => intent));
  }
}

const key = (ownerId: string, accountHash: string, clientOrderId: string): string => `${ownerId}\n${accountHash}\n${clientOrderId}`;

/** How long after sending an order may carry an entered time and still be the one sent (clock skew before, a slow answer after). */
export const MATCH_WINDOW = { beforeMs: 60_000, afterMs: 5 * 60_000 } as const;
