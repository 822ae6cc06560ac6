import type { OrderLeg } from '@condor/core';

/**
 * What condor meant to send, recorded before it is sent: Schwab has no client order id, so this is how an order
 * is known again after an unanswered request or a crash (found by account, legs, quantity, price and time).
 */
export interface PlacementIntent {
  readonly clientOrderId: string;
  readonly accountHash: string;
  readonly legs: readonly OrderLeg[];
  readonly qty: number;
  /** condor's signed limit per share. */
  readonly limitPrice: number;
  /** When the request was (last) sent, epoch ms. */
  readonly sentAt: number;
  /** Schwab's id once known; null while the request is unanswered. */
  readonly orderId: string | null;
  /** The order this one replaces; null for a placement. */
  readonly replaces: string | null;
  /** `refused`: Schwab refused it, nothing stands; the client order id may be sent again. */
  readonly state: 'sent' | 'placed' | 'refused';
}

/**
 * Where intents are kept, per owner: the runtime keeps them in the database (a kill -9 between submit and record
 * must still find the order); the default is this process's memory.
 */
export interface PlacementJournal {
  get(ownerId: string, accountHash: string, clientOrderId: string): Promise<PlacementIntent | undefined>;
  /** Inserts or overwrites the intent of its client order id. */
  put(ownerId: string, intent: PlacementIntent): Promise<void>;
  /** Every intent of an account (to name orders by client order id, and to know which orders are already claimed). */
  list(ownerId: string, accountHash: string): Promise<readonly PlacementIntent[]>;
}

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
