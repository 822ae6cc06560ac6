import { err, ok, type Result } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { MarketSource } from '../ports/market-data.js';
import type { JsonObject } from '../ports/json.js';

/** The market a proposal was priced on, as its answer showed it (`market_session.source`); null for one made before sources were named. */
export function pricedOn(details: JsonObject): { readonly id: string; readonly words: string } | null {
  const session = details['market_session'];
  if (typeof session !== 'object' || session === null || Array.isArray(session)) return null;
  const { source, source_words: words } = session as JsonObject;
  return typeof source === 'string' && typeof words === 'string' ? { id: source, words } : null;
}

/** Why a proposal priced on another market than the person's now may not be placed, in words; null when the market is the same. */
export function marketChangeReason(details: JsonObject, now: MarketSource): string | null {
  const priced = pricedOn(details);
  if (priced === null || priced.id === now.id) return null;
  return `This proposal was priced on ${priced.words}, but your account now trades on ${now.words}: its prices are not that market's.`;
}

/** ENTRY_REJECTED for a confirm of a proposal priced on another market than the person's now (design §17); null when it may go on. */
export function marketChanged(proposalId: string, details: JsonObject, now: MarketSource): AppError | null {
  const reason = marketChangeReason(details, now);
  if (reason === null) return null;
  return appError('ENTRY_REJECTED', {
    message: `${reason} Nothing was placed.`,
    suggestion: 'Make a new proposal: it is priced on the market of the account that will trade it.',
    received: { proposal_id: proposalId, priced_on: pricedOn(details)?.id ?? null, market_now: now.id },
  });
}

/** A placement's gate (design §17): the proposal goes on only on the market it was priced on. */
export function onItsMarket(proposal: { readonly id: string; readonly details: JsonObject }, now: MarketSource): Result<void, AppError> {
  const changed = marketChanged(proposal.id, proposal.details, now);
  return changed === null ? ok(undefined) : err(changed);
}
