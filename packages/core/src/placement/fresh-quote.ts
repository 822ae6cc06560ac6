import * as v from 'valibot';
import { err, errAsync, ok, okAsync, ResultAsync, safeTry, type Result } from 'neverthrow';
import { tierOf } from '../accounts/authenticate.js';
import { linkedProposal } from '../approval/approval-page.js';
import type { BrowserCaller } from '../browser/browser-session.js';
import { mintLink } from '../browser/links.js';
import { appError, type AppError } from '../errors/app-error.js';
import { expiresAt, isExpired } from '../lifecycle/proposal-timing.js';
import { runOperation } from '../operations/execute.js';
import type { AnyOperation, Caller } from '../operations/operation.js';
import type { Proposal, ProposalKind } from '../ports/proposal-store.js';
import { proposeEntry } from '../proposals/propose-entry.js';
import { proposeExit } from '../proposals/propose-exit.js';
import { proposeRoll } from '../proposals/propose-roll.js';
import { requoteInput } from '../proposals/requote-input.js';
import { ALL_SCOPES } from '../scopes/scopes.js';
import type { Services } from '../services.js';

/** The tool that makes each kind of proposal: a fresh quote runs the expired proposal's own. */
const PROPOSING: Readonly<Record<ProposalKind, AnyOperation>> = { entry: proposeEntry, exit: proposeExit, roll: proposeRoll };

/** A fresh quote made: the new proposal, and a single-use approval link to it for the person who asked. */
export interface FreshQuote {
  readonly proposalId: string;
  readonly token: string;
}

const Made = v.object({ proposal_id: v.string() });

/**
 * "Get a fresh quote" on an expired ticket (design §18: a late approval is a new proposal made by the person, never a
 * revived one). The proposal behind the owner's approval link must have expired undecided; its own propose tool then
 * runs for the person as an agent's call runs — authentication aside, the same steps and gates, quota included — on
 * the same legs, quantity and pricing mode (an exit or a roll: the same position), priced and dry-run now, and the new
 * proposal records the person as its maker. It has its own 5 s floor and 60 s life; the expired one stays as it was.
 * A pending proposal is CONFLICT, a decided one PROPOSAL_ALREADY_CONSUMED, another person's link NOT_FOUND; a position
 * that no longer qualifies is the tool's own refusal, in its words.
 *
 * @example const fresh = await freshQuote(services, caller, token, { client: userAgent, address }); // then /approve/<fresh.token>
 */
export function freshQuote(
  services: Services,
  caller: BrowserCaller,
  linkToken: string,
  evidence: { readonly client: string | null; readonly address: string | null },
): ResultAsync<FreshQuote, AppError> {
  return safeTry(async function* () {
    const { proposal } = yield* linkedProposal(services, caller, linkToken, false);
    yield* expiredUndecided(proposal, services.clock.now());
    const position = yield* ResultAsync.fromSafePromise(proposal.kind === 'entry' ? Promise.resolve(undefined) : services.positions.get(caller.userId, proposal.positionId));
    const input = yield* requoteInput(proposal, position);
    const person = yield* personCaller(services, caller);
    const answer = yield* runOperation(PROPOSING[proposal.kind], input, {
      services,
      credential: null,
      authenticated: () => okAsync(person),
      requestId: `fresh-quote:${proposal.id}`,
      batchKey: null,
      clientIp: evidence.address,
      client: evidence.client,
      person: { freshQuoteOf: proposal.id },
    });
    const fresh = yield* madeProposal(services, caller.userId, answer);
    const token = yield* ResultAsync.fromSafePromise(mintLink(services, 'approve_proposal', caller.userId, fresh.id, expiresAt(fresh.createdAt)));
    return ok({ proposalId: fresh.id, token });
  });
}

/** Only a proposal that expired before anyone decided it is quoted again. */
function expiredUndecided(proposal: Proposal, now: number): Result<void, AppError> {
  const received = { proposal_id: proposal.id };
  if (proposal.consumedAt !== null) {
    return err(appError('PROPOSAL_ALREADY_CONSUMED', { message: 'This proposal was already decided, so there is nothing to quote again. What became of it is below.', received }));
  }
  if (!isExpired(proposal.createdAt, now)) {
    const left = Math.max(1, Math.ceil((expiresAt(proposal.createdAt) - now) / 1000));
    return err(appError('CONFLICT', { message: `This proposal is still open for ${String(left)} s: approve or reject it. A fresh quote is for a proposal that has expired.`, received }));
  }
  return ok(undefined);
}

/** The person of the browser session as the tools' gates see a caller: their own tier, every scope (the person, not an agent's credential). */
const personCaller = (services: Services, caller: BrowserCaller): ResultAsync<Caller, never> =>
  ResultAsync.fromSafePromise(services.subscriptions.active(caller.userId)).map((subscription) => ({
    userId: caller.userId,
    email: caller.email,
    tier: tierOf(subscription),
    sessionId: caller.sessionDigest,
    credential: 'session',
    scopes: ALL_SCOPES,
  }));

/** The proposal the tool just stored, read back by the id its answer gave. */
function madeProposal(services: Services, userId: string, answer: unknown): ResultAsync<Proposal, AppError> {
  const made = v.safeParse(Made, answer);
  if (!made.success) return errAsync(appError('INTERNAL_ERROR'));
  return ResultAsync.fromSafePromise(services.proposals.get(userId, made.output.proposal_id)).andThen((proposal) =>
    proposal === undefined ? errAsync(appError('INTERNAL_ERROR')) : okAsync(proposal),
  );
}
