import type { Services } from '../services.js';
import { expiresAt } from '../lifecycle/proposal-timing.js';

/** How long a person has to answer an elicitation, at most (never past the proposal's own expiry). */
export const ELICITATION_TTL_MS = 60_000;

/**
 * Opens an elicitation for a proposal: a nonce the shell signs into its request state, stored by digest so the
 * answer can be taken once (the SDK's codec signs the state but does not stop replays).
 */
export async function openElicitation(services: Services, userId: string, proposalId: string): Promise<{ nonce: string; expiresAt: number }> {
  const proposal = await services.proposals.get(userId, proposalId);
  const now = services.clock.now();
  const until = Math.min(now + ELICITATION_TTL_MS, proposal === undefined ? now : expiresAt(proposal.createdAt));
  const nonce = services.ids.opaqueToken();
  await services.singleUseLinks.insert({
    digest: services.digest.sha256(nonce),
    purpose: 'elicitation',
    ownerId: userId,
    proposalId,
    createdAt: now,
    expiresAt: until,
    usedAt: null,
  });
  return { nonce, expiresAt: until };
}

/** Takes an elicitation's answer: true exactly once, for the owner and proposal it was opened for, before it expires. */
export async function closeElicitation(services: Services, userId: string, proposalId: string, nonce: string): Promise<boolean> {
  const digest = services.digest.sha256(nonce);
  const link = await services.singleUseLinks.find(digest);
  const now = services.clock.now();
  if (link === undefined || link.purpose !== 'elicitation' || link.ownerId !== userId || link.proposalId !== proposalId || now >= link.expiresAt) return false;
  return services.singleUseLinks.markUsed(digest, now);
}
