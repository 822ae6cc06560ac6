import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { userBroker } from '../brokers/user-broker.js';
import { appError, type AppError } from '../errors/app-error.js';
import { daysToExpiry } from '../calendar/exchange-calendar.js';
import type { MarketData, Quote } from '../ports/market-data.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { Services } from '../services.js';
import { markPositions, type MarkedPosition } from './mark-positions.js';
import { contractFor } from './marks.js';
import { guardianAlerts } from './expiry-guardian.js';
import { autorollAlerts, bySeverity, type AutorollAlert, type PositionState } from './alert-rules.js';

/** What the management rules found across a person's open positions. */
export interface AutorollScan {
  readonly alerts: readonly AutorollAlert[];
  /** The open positions the rules ran on. */
  readonly checked: readonly string[];
  /** Positions not checked, or checked with some rules skipped, and why. */
  readonly notes: readonly string[];
}

/**
 * Runs the management rules on the owner's open positions (one, when `positionId` is given; another
 * person's or an unknown id is POSITION_NOT_FOUND), after settling entries at the broker. Prices are
 * the broker's marks, deltas the chain's greeks of each position's expiry, the spot the latest quote —
 * all from `services`, which carry the owner's market (`servicesOfPerson`). suggest_iron_condor_autoroll,
 * execute_iron_condor_autoroll and the position monitor all read alerts through this one function.
 *
 * @example scanOwner(userId, servicesOfPerson(services, link)) // every open position of the person
 */
export function scanOwner(ownerId: string, services: Services, positionId?: string): ResultAsync<AutorollScan, AppError> {
  const selected: ResultAsync<readonly ManagedPosition[], AppError> =
    positionId === undefined
      ? ResultAsync.fromSafePromise(services.positions.list(ownerId, true))
      : ResultAsync.fromSafePromise(services.positions.get(ownerId, positionId)).andThen((position) =>
          position === undefined ? errAsync(appError('POSITION_NOT_FOUND', { received: { position_id: positionId } })) : okAsync([position]),
        );
  return selected.andThen((positions) =>
    positions.length === 0
      ? okAsync({ alerts: [], checked: [], notes: [] })
      : userBroker(ownerId, services)
          .andThen(({ broker }) => markPositions(positions, broker, services, 'always'))
          .andThen((marked) => ResultAsync.fromSafePromise(quotes(marked, services.market)).map((spots) => scan(marked, spots, services.clock.now()))),
  );
}

async function quotes(marked: readonly MarkedPosition[], market: MarketData): Promise<Map<string, Quote | null>> {
  const tickers = [...new Set(marked.filter((m) => m.position.status === 'open').map((m) => m.position.ticker))];
  const answers = await Promise.all(tickers.map((ticker) => market.quote(ticker).unwrapOr(null)));
  return new Map(tickers.map((ticker, i) => [ticker, answers[i] ?? null]));
}

const spotOf = (quote: Quote | null): number | null => {
  if (quote === null) return null;
  if (quote.last > 0) return quote.last;
  return quote.bid > 0 && quote.ask > 0 ? (quote.bid + quote.ask) / 2 : null;
};

function scan(marked: readonly MarkedPosition[], spots: ReadonlyMap<string, Quote | null>, now: number): AutorollScan {
  const alerts: AutorollAlert[] = [];
  const checked: string[] = [];
  const notes: string[] = [];
  for (const { position, marks, chain, held } of marked) {
    const dte = daysToExpiry(position.expiry, now);
    if (position.status !== 'open' || dte === undefined) {
      notes.push(`Position ${position.id} is ${position.status}: alerts are for open positions only.`);
      continue;
    }
    const delta = (type: 'put' | 'call'): number | null => {
      const leg = position.legs.find((l) => l.side === 'short' && l.type === type);
      const contract = leg === undefined || chain === null ? undefined : contractFor(leg, chain);
      return contract?.greeks?.delta ?? null;
    };
    const state: PositionState = {
      position,
      dte,
      value: marks?.value ?? null,
      spot: spotOf(spots.get(position.ticker) ?? null),
      shortDelta: { put: delta('put'), call: delta('call') },
    };
    const missing = [
      state.value === null ? 'no prices to value it (take-profit and stop-loss skipped)' : null,
      state.spot === null ? `no quote for ${position.ticker} (price-distance tests skipped)` : null,
      state.shortDelta.put === null || state.shortDelta.call === null ? 'no short-leg deltas (delta test skipped)' : null,
    ].filter((text) => text !== null);
    if (missing.length > 0) notes.push(`Position ${position.id}: ${missing.join('; ')}.`);
    checked.push(position.id);
    const guarded = guardianAlerts(position, held, now);
    if (guarded.some((a) => a.rule === 'legs_changed')) {
      // The management rules assume the whole condor: on what is left they would propose the wrong trades.
      notes.push(`Position ${position.id}: its legs changed at the broker; only the guardian's alerts apply.`);
      alerts.push(...guarded);
    } else {
      alerts.push(...guarded, ...autorollAlerts(state));
    }
  }
  return { alerts: alerts.sort(bySeverity), checked, notes };
}
