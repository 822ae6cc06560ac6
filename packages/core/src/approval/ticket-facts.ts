import { FLAG_CODES, type FlagCode, type TradeFlag } from '../events/trade-flags.js';
import type { Json, JsonObject } from '../ports/json.js';
import type { TicketBuyingPower, TicketCosts } from './ticket-types.js';
import { money, moneyPrecise } from '../words/money.js';

const objectIn = (details: JsonObject, key: string): JsonObject | null => {
  const value = details[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
};
/** A finite number stored in a proposal's details, else null. */
export const numberOf = (value: Json | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The broker's own figures a proposal stored from its dry run (details.broker_figures), where its broker has one. */
function brokerFiguresIn(details: JsonObject): { source: string; closing: boolean; fees: number; change: number; after: number } | null {
  const figures = objectIn(details, 'broker_figures');
  const source = figures?.['source'];
  const closing = figures?.['order'] === 'closing';
  const fees = numberOf(figures?.['fees']);
  const change = numberOf(figures?.['buying_power_change']);
  const after = numberOf(figures?.['buying_power_after']);
  return typeof source === 'string' && fees !== null && change !== null && after !== null ? { source, closing, fees, change, after } : null;
}

/**
 * The costs a proposal stored when it was made (details.costs), as the ticket shows them; null for older proposals.
 * Where the broker computed the opening fees itself (its dry run), they replace condor's estimate and say so.
 */
export function ticketCosts(details: JsonObject): TicketCosts | null {
  const estimated = estimatedCosts(details);
  const broker = brokerFiguresIn(details);
  if (estimated === null || broker === null) return estimated;
  if (broker.closing) {
    const total = broker.fees + (estimated.open ?? 0);
    return { ...estimated, close: broker.fees, total, words: `Fees and commission, broker-computed (${broker.source}): ${money(broker.fees)} to close.` };
  }
  const total = broker.fees + (estimated.close ?? 0);
  const closing = estimated.close === null ? '' : ` and about ${money(estimated.close)} to close later (condor's estimate)`;
  return {
    ...estimated,
    open: broker.fees,
    total,
    words: `Fees and commission, broker-computed (${broker.source}): ${money(broker.fees)} to open${closing}, ${money(total)} in all.`,
  };
}

function estimatedCosts(details: JsonObject): TicketCosts | null {
  const costs = objectIn(details, 'costs');
  const total = numberOf(costs?.['total']);
  const perContract = numberOf(costs?.['per_contract']);
  if (costs === null || total === null || perContract === null) return null;
  const open = numberOf(objectIn(costs, 'open')?.['total']);
  const close = numberOf(objectIn(costs, 'close')?.['total']);
  const netCredit = numberOf(costs['net_credit_after_costs']);
  const parts = [open === null ? null : `${money(open)} to open`, close === null ? null : `${money(close)} to close${open === null ? '' : ' (estimated)'}`].filter(
    (part): part is string => part !== null,
  );
  const after = netCredit === null ? '' : `; the credit after costs is ${moneyPrecise(netCredit)} per share`;
  return {
    open,
    close,
    total,
    perContract,
    netCreditAfterCosts: netCredit,
    words: `Fees and commission: ${parts.join(' and ')}, ${money(total)} in all (${money(perContract)} per contract)${after}.`,
  };
}

export function ticketBuyingPower(details: JsonObject): TicketBuyingPower | null {
  const bp = objectIn(details, 'buying_power');
  const reduction = numberOf(bp?.['reduction']);
  const ratio = numberOf(bp?.['return_on_buying_power']);
  if (reduction === null || ratio === null) return null;
  const broker = brokerFiguresIn(details);
  if (broker !== null && !broker.closing) {
    return {
      reduction: broker.change,
      returnOnBuyingPower: ratio,
      words: `${money(broker.change)} of buying power, broker-computed (${broker.source}), leaving ${money(broker.after)}; condor's estimate was ${money(reduction)}.`,
    };
  }
  return {
    reduction,
    returnOnBuyingPower: ratio,
    words: `${money(reduction)} of options buying power (the wider wing less the credit); the most it can earn is ${String(Math.round(ratio * 100))}% of that.`,
  };
}

export function ticketFlags(details: JsonObject): TradeFlag[] {
  const flags = details['flags'];
  if (!Array.isArray(flags)) return [];
  return flags.flatMap((item): TradeFlag[] => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return [];
    const { code, date, message } = item as JsonObject;
    if (!FLAG_CODES.includes(code as FlagCode) || typeof message !== 'string') return [];
    return [{ code: code as FlagCode, date: typeof date === 'string' ? date : null, message }];
  });
}
