import * as v from 'valibot';
import { TradingAccountView, tradingAccountView } from '../brokers/trading-account.js';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { isoTime } from '../words/time.js';
import { userBroker } from '../brokers/user-broker.js';
import { appError, type AppError } from '../errors/app-error.js';
import { currentSessionView, MarketSessionView } from '../market/session-view.js';
import { defineOperation, READ_ONLY } from '../operations/operation.js';
import type { Broker } from '../ports/broker.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { WorkingOrder } from '../ports/working-order-store.js';
import type { Services } from '../services.js';
import { brokerReadError, markPositions, type MarkedPosition } from './mark-positions.js';
import { OccSymbol, PositionId } from './position-id.js';
import { reconcileOrders } from './reconcile-orders.js';
import { PositionView, positionView } from './position-view.js';

type Input = { position_id?: string | undefined; symbol?: string | undefined; include_closed: boolean };

/** Which positions the caller asked for; `keepClosed` says whether ones that closed on refresh stay in the answer. */
interface Selection {
  readonly positions: readonly ManagedPosition[];
  readonly keepClosed: boolean;
}

export const getPositions = defineOperation({
  name: 'get_positions',
  title: 'Managed positions with live marks',
  description:
    'The iron condors opened through the service, newest first, each with its legs, current prices (the broker\'s, else the ' +
    'chain mid), the debit to close now, unrealised P/L in dollars, days to expiry and status. Positions are first brought ' +
    "up to date with the broker's orders: working entries, exits and rolls settle (filled -> open or closed; cancelled, " +
    'rejected or expired -> as before the order), and an order a confirm placed but could not record is recorded. Give position_id for one ' +
    'position, or symbol (an OCC option symbol) to find the managed position holding that leg; a leg held at the broker ' +
    'that no managed position contains answers NOT_SERVICE_MANAGED.',
  input: v.strictObject({
    position_id: v.optional(PositionId),
    symbol: v.optional(OccSymbol),
    include_closed: v.optional(v.pipe(v.boolean(), v.description('Also list closed positions (default false).')), false),
  }),
  output: v.object({
    positions: v.array(PositionView),
    as_of: v.pipe(v.string(), v.description('When the marks were taken.')),
    market: v.pipe(v.nullable(MarketSessionView), v.description('The session the marks belong to; null when the market cannot say.')),
    market_notice: v.pipe(v.nullable(v.string()), v.description('Set when prices come from a simulated market.')),
    account: TradingAccountView,
  }),
  access: 'trading',
  needsBroker: true,
  quota: false,
  rest: { method: 'GET', path: '/positions' },
  annotations: { ...READ_ONLY, idempotentHint: false, openWorldHint: true },
  errors: [
    'POSITION_NOT_FOUND',
    'NOT_SERVICE_MANAGED',
    'INVALID_UUID',
    'VALIDATION_ERROR',
    'ONBOARDING_REQUIRED',
    'BROKER_NOT_CONNECTED',
    'BROKER_RATE_LIMITED',
    'SERVICE_UNAVAILABLE',
  ],
  validate: (input) =>
    input.position_id !== undefined && input.symbol !== undefined
      ? appError('VALIDATION_ERROR', {
          message: 'Give position_id or symbol, not both.',
          suggestion: 'Use position_id for a managed position, or symbol to find the managed position holding an option leg.',
          expected: 'at most one of position_id, symbol',
          received: { position_id: input.position_id, symbol: input.symbol },
        })
      : null,
  handler: (input, { services, caller }) =>
    userBroker(caller.userId, services).andThen(({ broker, link }) =>
      broker
        .orders('all')
        .mapErr(brokerReadError)
        .andThen((orders) =>
          ResultAsync.fromSafePromise(reconcileOrders(caller.userId, orders, services))
            .andThen((owned) => select(input, owned, broker))
            .andThen(({ positions, keepClosed }) =>
              markPositions(positions, broker, services, 'as_needed', orders).andThen((marked) =>
                ResultAsync.combine([currentSessionView(services), approvalsOf(marked, caller.userId, services), walksOf(caller.userId, services)]).map(([market, approvals, walks]) => {
                  const now = services.clock.now();
                  return {
                    positions: marked
                      .filter((m) => keepClosed || m.position.status !== 'closed')
                      .map((m) => positionView(m, now, approvals.get(m.position.id) ?? [], walks.get(m.position.id) ?? null)),
                    as_of: isoTime(now),
                    market,
                    market_notice: services.marketNotice,
                    account: tradingAccountView(link, services),
                  };
                }),
              ),
            ),
        ),
    ),
});

/** The proposals that placed each position's orders, for their approvals. */
function approvalsOf(marked: readonly MarkedPosition[], ownerId: string, services: Services): ResultAsync<Map<string, readonly Proposal[]>, never> {
  return ResultAsync.fromSafePromise(
    Promise.all(marked.map(async (m) => [m.position.id, await services.proposals.listForPosition(ownerId, m.position.id)] as const)).then((pairs) => new Map(pairs)),
  );
}

/** The caller's walks still working, by the position they open or act on. */
function walksOf(ownerId: string, services: Services): ResultAsync<Map<string, WorkingOrder>, never> {
  return ResultAsync.fromSafePromise(services.workingOrders.listOwned(ownerId, 'working')).map((walks) => new Map(walks.map((walk) => [walk.positionId, walk])));
}

/** The caller's positions (`owned`, all of them, newest first) the input asks for. */
function select(input: Input, owned: readonly ManagedPosition[], broker: Broker): ResultAsync<Selection, AppError> {
  if (input.position_id !== undefined) {
    const id = input.position_id;
    const position = owned.find((p) => p.id === id);
    // Another user's position is answered exactly like an unknown id (design §10).
    return position === undefined
      ? errAsync(appError('POSITION_NOT_FOUND', { received: { position_id: id } }))
      : okAsync({ positions: [position], keepClosed: true });
  }
  const wanted = owned.filter((p) => input.include_closed || p.status !== 'closed');
  if (input.symbol !== undefined) return bySymbol(input.symbol, input.include_closed, wanted, broker);
  return okAsync({ positions: wanted, keepClosed: input.include_closed });
}

/**
 * The managed positions holding a leg with this symbol. None, but the broker account holds the
 * contract: it was opened outside the service (NOT_SERVICE_MANAGED). Neither: POSITION_NOT_FOUND.
 */
function bySymbol(symbol: string, includeClosed: boolean, owned: readonly ManagedPosition[], broker: Broker): ResultAsync<Selection, AppError> {
  const matches = owned.filter((p) => p.legs.some((leg) => leg.symbol === symbol));
  if (matches.length > 0) return okAsync({ positions: matches, keepClosed: includeClosed });
  return broker
    .positions()
    .mapErr(brokerReadError)
    .andThen((held) =>
      held.some((p) => p.symbol === symbol && p.qty !== 0)
        ? errAsync(
            appError('NOT_SERVICE_MANAGED', {
              message: `You hold ${symbol} at the broker, but no position opened through the service contains it.`,
              received: { symbol },
            }),
          )
        : errAsync(
            appError('POSITION_NOT_FOUND', {
              message: `No ${includeClosed ? '' : 'open '}position of yours holds ${symbol}, at the broker or in the service.`,
              suggestion: includeClosed
                ? 'Call get_positions without parameters to list your positions.'
                : 'Call get_positions to list your positions, or pass include_closed=true to search closed ones too.',
              received: { symbol },
            }),
          ),
    );
}
