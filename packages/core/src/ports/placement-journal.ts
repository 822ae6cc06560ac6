import type { OrderLeg } from './broker.js';

/**
 * What condor meant to send, recorded before it is sent: a broker without client order ids (Schwab) knows an order
 * again by this after an unanswered request or a crash (found by account, legs, quantity, price and time).
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
  /** The broker's id once known; null while the request is unanswered. */
  readonly orderId: string | null;
  /** The order this one replaces; null for a placement. */
  readonly replaces: string | null;
  /** `refused`: the broker refused it, nothing stands; the client order id may be sent again. */
  readonly state: 'sent' | 'placed' | 'refused';
}

/**
 * Where intents are kept, per owner and account: the runtime keeps them in the database (a kill -9 between submit
 * and record must still find the order); an adapter's default is its process's memory.
 */
export interface PlacementJournal {
  get(ownerId: string, accountHash: string, clientOrderId: string): Promise<PlacementIntent | undefined>;
  /** Inserts or overwrites the intent of its client order id. */
  put(ownerId: string, intent: PlacementIntent): Promise<void>;
  /** Every intent of an account (to name orders by client order id, and to know which orders are already claimed). */
  list(ownerId: string, accountHash: string): Promise<readonly PlacementIntent[]>;
}
