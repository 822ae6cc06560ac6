import type { JsonObject } from './json.js';
import type { OrderLeg } from './broker.js';
import type { ManagedPosition } from './position-store.js';

export type ProposalKind = 'entry' | 'roll' | 'exit';

/** How a proposal's order was approved (design §12): `passkey` is the approval page with a passkey assertion (design §16). */
export type ApprovalMethod = 'confirm' | 'page' | 'passkey' | 'app' | 'elicitation';

/** The evidence kept with every order a proposal places. */
export interface ApprovalRecord {
  readonly method: ApprovalMethod;
  /** Epoch ms. */
  readonly at: number;
  readonly userId: string;
  /** The MCP client's name/version or the browser's user agent; null when the transport gave none. */
  readonly client: string | null;
  /** The address the approval came from; null on stdio. */
  readonly address: string | null;
  /**
   * The price band the approval covers (design §15), per share in condor's sign: every limit from `startPrice` to
   * `worstPrice` and nothing beyond. Absent on approvals recorded before bands existed.
   */
  readonly band?: ApprovedBand | null;
  /** For `passkey`: the id of the passkey whose assertion approved it. */
  readonly credentialId?: string | null;
}

export interface ApprovedBand {
  readonly startPrice: number;
  readonly worstPrice: number;
}

/** What became of a consumed proposal's order. */
export type ProposalOutcome =
  | { readonly status: 'submitted'; readonly orderId: string }
  /** The broker refused it; nothing was placed. */
  | { readonly status: 'rejected'; readonly detail: string }
  /** The broker did not answer; the order may exist and is looked up by the proposal id before any resubmit. */
  | { readonly status: 'unknown'; readonly detail: string }
  /** Never approved: another exit or roll of its position was placed first, so it would act on legs that change. */
  | { readonly status: 'void'; readonly detail: string };

export type ProposalOutcomeStatus = ProposalOutcome['status'];

/**
 * What the owner's book holds at the moment a proposal is consumed for placement, read in the same atomic step:
 * the positions not closed (and those the proposals below act on), and the owner's other approved proposals
 * whose orders may still change the book (no outcome yet, an unknown one, or a two-step roll under way).
 */
export interface LegBook {
  readonly positions: readonly ManagedPosition[];
  readonly placing: readonly Proposal[];
}

/** Why a consume for placement was refused: the book changed since the proposal was made (see `placementRefusal`). */
export type PlacementRefusal =
  | { readonly kind: 'overlapping_legs'; readonly legs: readonly string[]; readonly heldBy: { readonly positionId: string } | { readonly proposalId: string } }
  | { readonly kind: 'position_changed'; readonly positionId: string; readonly why: string; readonly found: Readonly<Record<string, string | number>> };

/** A consume's answer: 'consumed' for the one winner; a refusal leaves the proposal as it was. */
export type ConsumeResult = 'consumed' | 'already_consumed' | 'not_found' | { readonly refused: PlacementRefusal };

/** A consumed proposal a confirm may have left unfinished (the reconciler's work list). */
export interface UnfinishedProposal {
  readonly ownerId: string;
  readonly id: string;
}

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
   *
   * With an approval (a placement), the same atomic step reads the owner's `LegBook` and refuses with
   * `placementRefusal`'s answer when the book no longer allows it, consuming nothing; an exit's or roll's win also
   * voids the position's other unconsumed exits and rolls (`voidOutcome`). Consumes of one owner's proposals are
   * serialized, across instances too, so two placements racing on one leg place at most one.
   */
  consume(ownerId: string, id: string, at: number, approval: ApprovalRecord | null): Promise<ConsumeResult>;
  /**
   * The owner's `LegBook` as a consume reads it, read now: what proposing checks against (issue 42), so a proposal is
   * refused exactly when an immediate placement would be.
   */
  book(ownerId: string): Promise<LegBook>;
  /** Records what became of the consumed proposal's order. */
  recordOutcome(id: string, outcome: ProposalOutcome): Promise<void>;
  /** The owner's consumed proposals acting on a position (its entry, rolls and exit), oldest first. */
  listForPosition(ownerId: string, positionId: string): Promise<readonly Proposal[]>;
  /**
   * The owner's proposals still waiting for a decision: not consumed (neither placed, rejected nor voided) and made
   * after `createdAfter` (epoch ms; the caller passes now less the proposal lifetime). Newest first (ties: the greater id first).
   */
  listWaiting(ownerId: string, createdAfter: number): Promise<readonly Proposal[]>;
  /**
   * Every owner's consumed proposals that a confirm may have left unfinished: no outcome yet, an unknown one, or
   * submitted while the position it opens or acts on is missing or still 'opening' or 'closing'. Rejected and void
   * ones are final. Oldest consume first (then by id), so an entry comes before an exit of its position.
   */
  unfinished(): Promise<readonly UnfinishedProposal[]>;
}
