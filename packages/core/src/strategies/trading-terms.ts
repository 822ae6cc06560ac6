import * as v from 'valibot';
import { BROKERS, DEFAULT_BROKER } from '../brokers/broker-table.js';
import { commissionOf } from '../costs/commission.js';
import { OPTION_FEES } from '../costs/fee-table.js';
import type { BrokerName } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import { money } from '../words/money.js';
import type { Execution } from './types.js';

/** The broker a run's costs are the person's at, and how it trades there. */
export interface TradingTerms {
  readonly broker: BrokerName;
  readonly execution: Execution;
}

/**
 * The person's broker (the simulated one until they link one), the ticket's commission per contract, and their fill:
 * the worst price of their default working-order band where they set one on /settings, else the natural price.
 */
export async function tradingTerms(services: Services, userId: string): Promise<TradingTerms> {
  const [link, defaults] = await Promise.all([services.brokerLinks.get(userId), services.userSettings.pricingDefaults(userId)]);
  const worstFromMid = defaults.worstFromMid;
  return {
    broker: link?.broker ?? DEFAULT_BROKER,
    execution: {
      fill: worstFromMid === null ? { kind: 'natural' } : { kind: 'band', worstFromMid },
      commissionPerContract: commissionOf(services),
    },
  };
}

const described = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

export const TradingTermsView = described(
  v.object({
    broker: described(v.picklist(Object.keys(BROKERS) as BrokerName[]), 'Whose costs these are: your linked broker, or the simulated one when you have linked none.'),
    fee_table: described(v.string(), 'The dated table of regulatory fees the ticket uses, which every backtested order pays.'),
    commission_per_contract: described(v.number(), 'The commission per contract per leg, dollars, as on the ticket.'),
    fill: described(
      v.picklist(['natural', 'band']),
      'natural: opened with shorts at the bid and longs at the ask, closed the other way; band: at the worst price of your default working-order band (/settings), never past the natural.',
    ),
    worst_from_mid: described(v.nullable(v.number()), 'The band’s worst price from the mid, dollars per share; null with natural fills.'),
    words: described(v.string(), 'How the backtest filled and what it charged, in a sentence.'),
  }),
  'What every backtested trade paid: commissions and regulatory fees on each leg at entry and exit, and on exercise or assignment of a leg in the money at expiry.',
);

export function tradingTermsView(terms: TradingTerms): v.InferOutput<typeof TradingTermsView> {
  const { fill, commissionPerContract } = terms.execution;
  const filled =
    fill.kind === 'natural'
      ? 'Fills at the natural price (shorts sold at the bid, longs bought at the ask; the reverse to close)'
      : `Fills at the worst price of your default band, ${money(fill.worstFromMid)} a share from the mid (never past the natural price)`;
  return {
    broker: terms.broker,
    fee_table: `${OPTION_FEES.source}, as of ${OPTION_FEES.asOf}`,
    commission_per_contract: commissionPerContract,
    fill: fill.kind,
    worst_from_mid: fill.kind === 'band' ? fill.worstFromMid : null,
    words:
      `${filled}; every leg pays ${money(commissionPerContract)} commission a contract and the ticket's regulatory fees at entry and exit, ` +
      `and a leg in the money at expiry pays them again on its exercise or assignment, as at your ${BROKERS[terms.broker].words.short} broker. Every P/L is after them.`,
  };
}
