import { placementRefusal, voidedBy, voidOutcome } from '@condor/core';
import type { ApprovalRecord, ConsumeResult, LegBook, ManagedPosition, Proposal, ProposalOutcome, ProposalStore, UnfinishedProposal } from '@condor/core';

const oldestFirst = (a: Proposal, b: Proposal): number => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The positions the store reads for a consume's book, all at once. */
export interface PositionsAtOnce {
  ownedBy(ownerId: string): ManagedPosition[];
  everyone(): ManagedPosition[];
}

const NO_POSITIONS: PositionsAtOnce = { ownedBy: () => [], everyone: () => [] };

/**
 * In-memory ProposalStore with the same semantics as the SQL one; proposals kept as JSON text, so
 * copied in and out. Each call completes before it yields, so `consume` (its book read, check and writes) is
 * atomic here by construction. Without a position store its book holds no positions.
 */
export class MemoryProposalStore implements ProposalStore {
  private readonly all = new Map<string, string>();

  constructor(private readonly positions: PositionsAtOnce = NO_POSITIONS) {}

  insert(proposal: Proposal): Promise<void> {
    if (this.all.has(proposal.id)) return Promise.reject(new Error(`Proposal ${proposal.id} already exists`));
    this.all.set(proposal.id, JSON.stringify(proposal));
    return Promise.resolve();
  }

  get(ownerId: string, id: string): Promise<Proposal | undefined> {
    const proposal = this.read(id);
    return Promise.resolve(proposal?.ownerId === ownerId ? proposal : undefined);
  }

  consume(ownerId: string, id: string, at: number, approval: ApprovalRecord | null): Promise<ConsumeResult> {
    const proposal = this.read(id);
    if (proposal?.ownerId !== ownerId) return Promise.resolve('not_found');
    if (proposal.consumedAt !== null) return Promise.resolve('already_consumed');
    if (approval !== null) {
      const owned = this.every().filter((p) => p.ownerId === ownerId);
      const refusal = placementRefusal(proposal, this.bookOf(ownerId));
      if (refusal !== null) return Promise.resolve({ refused: refusal });
      for (const other of owned.filter((p) => voidedBy(proposal, p))) {
        this.all.set(other.id, JSON.stringify({ ...other, consumedAt: at, approval: null, outcome: voidOutcome(proposal, at) }));
      }
    }
    this.all.set(id, JSON.stringify({ ...proposal, consumedAt: at, approval }));
    return Promise.resolve('consumed');
  }

  book(ownerId: string): Promise<LegBook> {
    return Promise.resolve(this.bookOf(ownerId));
  }

  private bookOf(ownerId: string): LegBook {
    const mayChange = (p: Proposal): boolean => p.outcome === null || p.outcome.status === 'unknown' || (p.outcome.status === 'submitted' && p.kind === 'roll');
    return { positions: this.positions.ownedBy(ownerId), placing: this.every().filter((p) => p.ownerId === ownerId && p.consumedAt !== null && p.approval !== null && mayChange(p)) };
  }

  recordOutcome(id: string, outcome: ProposalOutcome): Promise<void> {
    const proposal = this.read(id);
    if (proposal?.consumedAt == null) return Promise.reject(new Error(`No consumed proposal ${id} to record an outcome for`));
    this.all.set(id, JSON.stringify({ ...proposal, outcome }));
    return Promise.resolve();
  }

  listForPosition(ownerId: string, positionId: string): Promise<readonly Proposal[]> {
    const acting = this.every().filter((p) => p.ownerId === ownerId && p.positionId === positionId && p.consumedAt !== null);
    return Promise.resolve(acting.sort(oldestFirst));
  }

  listWaiting(ownerId: string, createdAfter: number): Promise<readonly Proposal[]> {
    const waiting = this.every().filter((p) => p.ownerId === ownerId && p.consumedAt === null && p.createdAt > createdAfter);
    return Promise.resolve(waiting.sort((a, b) => oldestFirst(b, a)));
  }

  unfinished(): Promise<readonly UnfinishedProposal[]> {
    const positions = this.positions.everyone();
    const positionOf = (p: Proposal): ManagedPosition | undefined => positions.find((x) => x.id === p.positionId && x.ownerId === p.ownerId);
    const unfinished = this.every().filter((p) => {
      if (p.consumedAt === null) return false;
      const status = p.outcome?.status;
      if (status === undefined || status === 'unknown') return true;
      if (status !== 'submitted') return false;
      const position = positionOf(p);
      return position === undefined || position.status === 'opening' || position.status === 'closing';
    });
    const ordered = unfinished.sort((a, b) => (a.consumedAt ?? 0) - (b.consumedAt ?? 0) || byId(a.id, b.id));
    return Promise.resolve(ordered.map((p) => ({ ownerId: p.ownerId, id: p.id })));
  }

  private every(): Proposal[] {
    return [...this.all.keys()].map((id) => this.read(id)!);
  }

  private read(id: string): Proposal | undefined {
    const text = this.all.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as Proposal);
  }
}
