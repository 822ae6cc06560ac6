import * as v from 'valibot';
import { TradingAccountView, withAccount } from '../brokers/trading-account.js';
import { isoTime } from '../words/time.js';
import { currentSessionView, MarketSessionView } from '../market/session-view.js';
import { defineOperation, READ_ONLY } from '../operations/operation.js';
import { PositionId } from '../positions/position-id.js';
import { AlertView, alertView } from '../positions/alert-view.js';
import { scanOwner } from '../positions/scan-owner.js';

export const suggestIronCondorAutoroll = defineOperation({
  name: 'suggest_iron_condor_autoroll',
  title: 'Management alerts for open iron condors (read-only)',
  description:
    'Checks each open service-managed iron condor against the management rules — take profit at 50 % of the credit, manage at ' +
    '21 DTE, roll the untested side when a short strike is tested (|delta| ≥ 0.30 or the price within 1 %), stop at a loss of ' +
    '2 × the credit, pin risk inside 7 DTE — and the expiry-day guardian (expiry: from the session before expiry, close the whole ' +
    "condor in one order before the broker acts on expiry day; legs_changed: the broker no longer holds every leg), and returns " +
    'alerts, most severe first, each with the exact propose_exit or propose_roll call that would act on it (none for check_broker). ' +
    'Nothing is proposed or traded.',
  input: v.strictObject({
    position_id: v.optional(v.pipe(PositionId, v.description('Only this position; every open position when absent.'))),
  }),
  output: v.object({
    alerts: v.array(AlertView),
    checked_position_ids: v.array(v.string()),
    notes: v.pipe(v.array(v.string()), v.description('Positions not checked, or rules skipped for want of market data.')),
    as_of: v.string(),
    market: v.pipe(v.nullable(MarketSessionView), v.description('The session the prices checked belong to; null when the market cannot say.')),
    market_notice: v.pipe(v.nullable(v.string()), v.description('Set when prices come from a simulated market.')),
    account: TradingAccountView,
  }),
  access: 'trading',
  needsBroker: true,
  quota: false,
  rest: { method: 'GET', path: '/autoroll/suggestions' },
  annotations: { ...READ_ONLY, idempotentHint: false, openWorldHint: true },
  errors: ['POSITION_NOT_FOUND', 'INVALID_UUID', 'ONBOARDING_REQUIRED', 'BROKER_NOT_CONNECTED', 'BROKER_RATE_LIMITED', 'SERVICE_UNAVAILABLE'],
  handler: ({ position_id: positionId }, ctx) =>
    scanOwner(ctx.caller.userId, ctx.services, positionId).andThen((scan) =>
      currentSessionView(ctx.services).map((market) => ({
        alerts: scan.alerts.map(alertView),
        checked_position_ids: [...scan.checked],
        notes: [...scan.notes],
        as_of: isoTime(ctx.services.clock.now()),
        market,
        market_notice: ctx.services.marketNotice,
      })),
    ).andThen(withAccount(ctx.services, ctx.caller.userId)),
});
