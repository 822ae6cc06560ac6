import type { BrokerOrder } from './broker.js';

/** A contract a paper account holds: signed quantity (short negative) and the average price per share it was opened at. */
export interface PaperHolding {
  /** OCC symbol (compact form). */
  readonly symbol: string;
  readonly qty: number;
  readonly avgEntryPrice: number;
}

/** An order of a paper account with what the simulated broker keeps beside it. */
export interface PaperOrderRecord {
  readonly order: BrokerOrder;
  /** Dollars of buying power held while the order works. */
  readonly reservation: number;
  /** When the day order expires unfilled (epoch ms). */
  readonly expiresAt: number;
}

/** One owner's simulated paper account as stored, at one version. */
export interface PaperBook {
  readonly accountId: string;
  /** Changes with every commit: a commit names the version it read, so only one commit per version succeeds. */
  readonly version: number;
  readonly cash: number;
  /** Held contracts in symbol order (code-unit order), none at qty 0. */
  readonly holdings: readonly PaperHolding[];
  /** Every order ever placed, oldest first. */
  readonly orders: readonly PaperOrderRecord[];
}

/** What a new paper account starts with. */
export interface PaperOpening {
  readonly accountId: string;
  readonly cash: number;
  /** Contracts held from the start (the demo's position bought outside the service). */
  readonly holdings: readonly PaperHolding[];
  readonly openedAt: number;
}

/** What one call of the simulated broker did to an account. */
export interface PaperChange {
  readonly cash: number;
  /** Orders placed, in placement order, as they are now (one may have filled at once). */
  readonly placed: readonly PaperOrderRecord[];
  /** Orders placed earlier whose status or fill changed (status, filledQty, filledAvgPrice), as they are now. */
  readonly updated: readonly BrokerOrder[];
  /** Holdings whose quantity or price changed, as they are now; qty 0 means no longer held. */
  readonly holdings: readonly PaperHolding[];
}

/**
 * The simulated paper broker's accounts (cash, orders with their fills, held contracts), kept where every
 * instance of the service finds them after any restart. Writes are compare-and-set on the account's
 * version: a broker call loads the book, decides against it, and commits what it changed only if no
 * other call committed in between (else it loads again and decides again), so no fill, cancel or cash
 * movement is ever lost or applied twice, whichever instance makes the call.
 *
 * @example
 * const book = (await ledger.load(ownerId)) ?? (await ledger.open(ownerId, opening), await ledger.load(ownerId));
 * if (!(await ledger.commit(ownerId, book.version, change))) { … load again and redo the call … }
 */
export interface PaperLedger {
  /** The owner's account, or undefined when none was opened. */
  load(ownerId: string): Promise<PaperBook | undefined>;
  /** Opens the owner's account unless one exists; an existing account is left exactly as it is. */
  open(ownerId: string, opening: PaperOpening): Promise<void>;
  /**
   * Applies `change` in one atomic step if the account is still at `version`: true when applied, false
   * (nothing written) when another commit came first or there is no such account. Rejects, writing
   * nothing, when a placed order's id is already used by any account or its client order id by this one.
   */
  commit(ownerId: string, version: number, change: PaperChange): Promise<boolean>;
}
