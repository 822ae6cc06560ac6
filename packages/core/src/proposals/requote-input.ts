import * as v from 'valibot';
import { err, ok, type Result } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Json, JsonObject } from '../ports/json.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { Proposal } from '../ports/proposal-store.js';
import { pricingOf } from '../working-orders/proposal-pricing.js';
import { proposeRoll } from './propose-roll.js';

/**
 * What the proposal's own propose tool is given to make it again, priced now: an entry's legs (its expiry and strikes
 * as a candidate, the credit it showed as the candidate's), an exit's or a roll's position. The quantity comes with
 * the legs (an exit and a roll take the position's), and the pricing mode is kept; prices and the band are the tool's,
 * from the market now. Limits the agent may have given (max_risk, min_credit_to_width, refuse_flags, limit_price) are
 * not kept with a proposal: the tool's defaults apply, as to any call without them.
 */
export type RequoteInput = Readonly<Record<string, Json>>;

const Strikes = v.object({ long_put: v.number(), short_put: v.number(), short_call: v.number(), long_call: v.number() });
const EntryDetails = v.object({ expiry: v.string(), strikes: Strikes, credit: v.number() });
const Target = v.object({ target: v.number() });
const RollDetails = v.object({
  side: v.picklist(['put', 'call', 'both']),
  target_dte: v.optional(v.number()),
  short_deltas: v.optional(v.object({ put: v.optional(Target), call: v.optional(Target) })),
});

/**
 * The input that re-proposes `proposal` (see `RequoteInput`); `position` is the managed position an exit or a roll
 * acts on, when it is still found. PROPOSAL_EXPIRED when the proposal does not keep what its tool needs (one made
 * before these details were recorded): the person is told to ask for a new proposal.
 */
export function requoteInput(proposal: Proposal, position: ManagedPosition | undefined): Result<RequoteInput, AppError> {
  switch (proposal.kind) {
    case 'entry':
      return entryInput(proposal);
    case 'exit':
      return ok({
        position_id: proposal.positionId,
        ...pricingMode(proposal),
        // A close of what was left of a broken condor closes what is left again; a whole close stays whole.
        remaining_only: position !== undefined && proposal.legs.length < position.legs.length,
      });
    case 'roll':
      return rollInput(proposal);
  }
}

function entryInput(proposal: Proposal): Result<RequoteInput, AppError> {
  const parsed = v.safeParse(EntryDetails, proposal.details);
  if (!parsed.success) return err(notRequotable(proposal));
  const { expiry, strikes, credit } = parsed.output;
  const leg = (strike: number): JsonObject => ({ strike });
  return ok({
    candidate: {
      ticker: proposal.ticker,
      expiry,
      net_credit: credit,
      legs: { long_put: leg(strikes.long_put), short_put: leg(strikes.short_put), short_call: leg(strikes.short_call), long_call: leg(strikes.long_call) },
    },
    qty: proposal.qty,
    ...pricingMode(proposal),
  });
}

/** A roll's side and expiry target again, and its short |delta| target where one value served every side rolled. */
function rollInput(proposal: Proposal): Result<RequoteInput, AppError> {
  const parsed = v.safeParse(RollDetails, proposal.details);
  if (!parsed.success) return err(notRequotable(proposal));
  const { side, target_dte: targetDte, short_deltas: deltas } = parsed.output;
  const targets = [...new Set((side === 'both' ? [deltas?.put, deltas?.call] : [deltas?.[side]]).map((t) => t?.target))];
  const [only] = targets;
  const input = { position_id: proposal.positionId, side, ...(targetDte === undefined ? {} : { target_dte: targetDte }) };
  const withDelta = targets.length === 1 && only !== undefined ? { ...input, short_delta: only } : input;
  // A target the agent did not give (the held short's |delta|) may lie outside what the tool takes: it then finds it again itself.
  return ok(v.safeParse(proposeRoll.input, withDelta).success ? withDelta : input);
}

const pricingMode = (proposal: Proposal): { pricing?: JsonObject } => {
  const plan = pricingOf(proposal);
  return plan === null ? {} : { pricing: { mode: plan.mode } };
};

const notRequotable = (proposal: Proposal): AppError =>
  appError('PROPOSAL_EXPIRED', {
    message: 'This proposal expired, and it does not keep what a fresh quote needs. Nothing was placed; ask your agent for a new proposal.',
    received: { proposal_id: proposal.id },
  });
