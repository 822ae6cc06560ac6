import type { JsonObject } from './json.js';
import type { ApprovalRecord } from '../approval/ticket-types.js';
import type { OrderLeg } from './broker.js';

export type ProposalKind = 'entry' | 'roll' | 'exit';

/** What became of a consumed proposal's order. */
export type ProposalOutcome =
  | { readonly status: 'submitted'; readonly orderId: string }
  /** The broker refused it; nothing was placed. */
  | { readonly status: 'rejected'; readonly detail: string }
  /** The broker did not answer; the order may exist and is looked up by the proposal id before any resubmit. */
  | { readonly status: 'unknown'; readonly detail: string };

/** An order the user has been shown and may confirm once, between 5 and 60 seconds after it was made. */
export interface Proposal {
  readonly id: string;
  readonly ownerId: string;
  readonly kind: ProposalKind;
  /** The tool-call batch it was created in (design §5); a confirm in the same batch is blocked. */
  readonly batchKey: string | null;
  readonly createdAt: number;
  readonly ticker: string;
  readonly qty: number;
  readonly legs: readonly OrderLeg[];
  /** Per share, broker sign: negative = credit received. */
  readonly limitPrice: number;
  /** Dollars for all contracts. */
  readonly maxLoss: number;
  readonly summary: string;
  /** The managed position it acts on (roll, exit), or the one it will open (entry). */
  readonly positionId: string;
  /** What the caller was shown, beyond the fields above (strikes, expiry, credit, checks). */
  readonly details: JsonObject;
  readonly consumedAt: number | null;
  /** How its order was approved, set with `consumedAt`; null before, and for a proposal a person rejected. */
  readonly approval: ApprovalRecord | null;
  readonly outcome: ProposalOutcome | null;
}

/** Proposals. Reads are scoped to the owner: another user's proposal does not exist. */
export interface ProposalStore {
  insert(proposal: Proposal): Promise<void>;
  get(ownerId: string, id: string): Promise<Proposal | undefined>;
  /**
   * Marks it consumed at `at` if and only if it is not yet (one atomic compare-and-set): exactly one of
   * any number of concurrent calls gets 'consumed'. The winner's approval is kept with it (null: a person
   * rejected it, and nothing will be placed).
   */
  consume(ownerId: string, id: string, at: number, approval: ApprovalRecord | null): Promise<'consumed' | 'already_consumed' | 'not_found'>;
  /** Records what became of the consumed proposal's order. */
  recordOutcome(id: string, outcome: ProposalOutcome): Promise<void>;
  /** The owner's consumed proposals acting on a position (its entry, rolls and exit), oldest first. */
  listForPosition(ownerId: string, positionId: string): Promise<readonly Proposal[]>;
}
