import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerPosition } from '../ports/broker.js';
import type { LegBook } from '../ports/proposal-store.js';
import { bookHolding, type ActingOn } from '../positions/leg-book.js';

/**
 * OVERLAPPING_LEGS for a proposal that would open contracts already held, else null (issue 42): first what the
 * person's book holds or is about to hold (`bookHolding`, the very answer the placement's re-check gives, so a
 * proposal is refused exactly when an immediate confirm would be), then what the broker account holds outside condor.
 * `acting` is the position an exit or roll acts on: the legs it closes are not counted as held.
 */
export function legsAlreadyHeld(opening: readonly string[], brokerHeld: readonly BrokerPosition[], book: LegBook, acting: ActingOn | null, these: string): AppError | null {
  const holding = bookHolding(book, opening, acting);
  if (holding !== null) {
    const legs = holding.legs.join(', ');
    const { heldBy } = holding;
    if ('positionId' in heldBy) {
      const status = book.positions.find((p) => p.id === heldBy.positionId)?.status;
      const working = status === 'opening' ? ' (its order opening them is still working)' : status === 'closing' ? ' (an order closing it is working)' : '';
      const message = `${these} share strike, expiry and type with position ${heldBy.positionId}, which already holds ${legs}${working}.`;
      return overlap(message, holding.legs, heldBy, status === 'open' ? undefined : WAIT_FOR_ORDER);
    }
    const message = `${these} share strike, expiry and type with proposal ${heldBy.proposalId}, approved and being placed, which opens ${legs}.`;
    return overlap(message, holding.legs, heldBy, WAIT_FOR_ORDER);
  }
  const symbols = new Set(brokerHeld.filter((p) => p.qty !== 0 && !(acting?.closing.has(p.symbol) ?? false)).map((p) => p.symbol));
  const shared = opening.filter((symbol) => symbols.has(symbol));
  if (shared.length === 0) return null;
  return overlap(`${these} share strike, expiry and type with a position your broker account holds: ${shared.join(', ')}.`, shared, {});
}

const WAIT_FOR_ORDER =
  "Wait for that order to fill or end (get_positions shows it), or cancel it with positions(action='cancel'); then close or roll what it holds, or propose other strikes.";

const overlap = (message: string, legs: readonly string[], holder: Readonly<Record<string, string>>, suggestion?: string): AppError =>
  appError('OVERLAPPING_LEGS', { message, received: { legs: [...legs], ...holder }, ...(suggestion === undefined ? {} : { suggestion }) });
