import type { ApprovalRecord, Proposal, ProposalOutcome, ProposalStore } from '@condor/core';

const oldestFirst = (a: Proposal, b: Proposal): number => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * In-memory ProposalStore with the same semantics as the SQL one; proposals kept as JSON text, so
 * copied in and out. Each call completes before it yields, so `consume` is atomic here by construction.
 */
export class MemoryProposalStore implements ProposalStore {
  private readonly all = new Map<string, string>();

  insert(proposal: Proposal): Promise<void> {
    if (this.all.has(proposal.id)) return Promise.reject(new Error(`Proposal ${proposal.id} already exists`));
    this.all.set(proposal.id, JSON.stringify(proposal));
    return Promise.resolve();
  }

  get(ownerId: string, id: string): Promise<Proposal | undefined> {
    const proposal = this.read(id);
    return Promise.resolve(proposal?.ownerId === ownerId ? proposal : undefined);
  }

  consume(ownerId: string, id: string, at: number, approval: ApprovalRecord | null): Promise<'consumed' | 'already_consumed' | 'not_found'> {
    const proposal = this.read(id);
    if (proposal?.ownerId !== ownerId) return Promise.resolve('not_found');
    if (proposal.consumedAt !== null) return Promise.resolve('already_consumed');
    this.all.set(id, JSON.stringify({ ...proposal, consumedAt: at, approval }));
    return Promise.resolve('consumed');
  }

  recordOutcome(id: string, outcome: ProposalOutcome): Promise<void> {
    const proposal = this.read(id);
    if (proposal?.consumedAt == null) return Promise.reject(new Error(`No consumed proposal ${id} to record an outcome for`));
    this.all.set(id, JSON.stringify({ ...proposal, outcome }));
    return Promise.resolve();
  }

  listForPosition(ownerId: string, positionId: string): Promise<readonly Proposal[]> {
    const acting = [...this.all.keys()]
      .map((id) => this.read(id)!)
      .filter((p) => p.ownerId === ownerId && p.positionId === positionId && p.consumedAt !== null);
    return Promise.resolve(acting.sort(oldestFirst));
  }

  private read(id: string): Proposal | undefined {
    const text = this.all.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as Proposal);
  }
}
