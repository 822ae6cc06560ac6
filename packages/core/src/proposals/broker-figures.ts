import { okAsync, type ResultAsync } from 'neverthrow';
import { brokerError } from '../brokers/broker-errors.js';
import type { BrokerSpec } from '../brokers/broker-table.js';
import type { GateFinding } from '../condors/entry-rules.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { Broker, BrokerDryRun, MultiLegOrder } from '../ports/broker.js';
import type { JsonObject } from '../ports/json.js';
import { money, roundCents } from '../words/money.js';

/** The client order id of a dry run: it places nothing, so it needs none of its own. */
const DRY_RUN_ID = 'dry-run';

/**
 * The broker's own fees and buying-power effect of the order (design §14), where its row says it has a dry run;
 * null for the others, whose figures stay condor's estimate. A refusal of the dry run itself (a leg the broker will
 * not trade) is the gate's, with the broker's reason.
 */
export function brokerFigures(broker: Broker, spec: BrokerSpec, order: Omit<MultiLegOrder, 'clientOrderId'>): ResultAsync<BrokerDryRun | null, AppError> {
  const dryRun = broker.dryRun?.bind(broker);
  if (!spec.capabilities.dryRun || dryRun === undefined) return okAsync(null);
  return dryRun({ ...order, clientOrderId: DRY_RUN_ID }).mapErr((error) =>
    brokerError(error, (message) => appError('ENTRY_REJECTED', { message: `${spec.words.short}'s dry run of the order refused it: ${message}. Nothing was placed.` })),
  );
}

/** The gate's findings from a dry run: each reason the broker would refuse the order for, and buying power it lacks. */
export function dryRunFindings(figures: BrokerDryRun, spec: BrokerSpec): GateFinding[] {
  const refusals = figures.refusals.map(
    (reason): GateFinding => ({
      reason: 'broker_dry_run',
      sentence: `${spec.words.short}'s dry run of this order says it would be refused: ${reason.replace(/\.$/, '')}.`,
      limit: `an order ${spec.words.short} would take`,
      found: reason,
    }),
  );
  if (figures.buyingPowerAfter >= 0) return refusals;
  return [
    ...refusals,
    {
      reason: 'buying_power',
      sentence: `${spec.words.short}'s dry run says the order takes ${money(roundCents(figures.buyingPowerChange))} of buying power, leaving ${money(roundCents(figures.buyingPowerAfter))}.`,
      limit: 'buying power left after the order, by the broker’s own figures',
      found: { buying_power_change: roundCents(figures.buyingPowerChange), buying_power_after: roundCents(figures.buyingPowerAfter) },
    },
  ];
}

/**
 * What a proposal records of the broker's figures (`details.broker_figures`), which the ticket shows instead of
 * condor's estimate: `order` says whether they are the opening order's (an entry) or the closing order's (an exit).
 */
export const brokerFiguresDetails = (figures: BrokerDryRun, spec: BrokerSpec, order: 'opening' | 'closing' = 'opening'): JsonObject => ({
  source: `${spec.words.short} dry run`,
  order,
  fees: roundCents(figures.fees),
  buying_power_change: roundCents(figures.buyingPowerChange),
  buying_power_after: roundCents(figures.buyingPowerAfter),
  warnings: [...figures.warnings],
});
