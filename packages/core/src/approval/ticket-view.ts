import * as v from 'valibot';
import { TradingAccountView } from '../brokers/trading-account.js';
import { isoTime } from '../words/time.js';
import { TradeFlagsView } from '../events/flag-view.js';
import { ApprovalView, approvalView } from '../positions/approval-view.js';
import { BandView, bandView } from './band-view.js';
import type { OrderTicket, PayoffCurve } from './ticket-types.js';

const Points = v.array(v.object({ price: v.number(), pnl: v.number() }));

const PayoffView = v.object({
  points: Points,
  breakevens: v.array(v.number()),
  spot: v.nullable(v.number()),
  max_profit: v.number(),
  max_loss: v.number(),
  worst: v.pipe(
    v.nullable(v.object({ start_price: v.number(), worst_price: v.number(), points: Points, breakevens: v.array(v.number()), max_profit: v.number(), max_loss: v.number() })),
    v.description('The same payoff filled at the band’s worst price instead of its start price; null when the band has one price, or for an exit.'),
  ),
});

const payoffView = (p: PayoffCurve): v.InferOutput<typeof PayoffView> => ({
  points: p.points.map((point) => ({ ...point })),
  breakevens: [...p.breakevens],
  spot: p.spot,
  max_profit: p.maxProfit,
  max_loss: p.maxLoss,
  worst:
    p.worst === null
      ? null
      : {
          start_price: p.worst.startPrice,
          worst_price: p.worst.worstPrice,
          points: p.worst.points.map((point) => ({ ...point })),
          breakevens: [...p.worst.breakevens],
          max_profit: p.worst.maxProfit,
          max_loss: p.worst.maxLoss,
        },
});

export const TicketView = v.pipe(
  v.object({
    headline: v.string(),
    legs: v.array(v.object({ symbol: v.string(), action: v.string(), type: v.picklist(['put', 'call']), strike: v.number(), expiry: v.string(), words: v.string() })),
    price_words: v.string(),
    qty: v.number(),
    max_profit: v.nullable(v.number()),
    max_loss: v.nullable(v.number()),
    breakevens: v.array(v.number()),
    pop: v.pipe(v.nullable(v.number()), v.description('Probability of profit at expiry, 0–1.')),
    pop_after_costs: v.nullable(v.number()),
    pop_words: v.pipe(v.string(), v.description('pop and pop_after_costs in words: "68%", "68.4% (68.0% after costs)", or "unknown".')),
    costs: v.pipe(
      v.nullable(
        v.object({
          open: v.nullable(v.number()),
          close: v.nullable(v.number()),
          total: v.number(),
          per_contract: v.number(),
          net_credit_after_costs: v.nullable(v.number()),
          words: v.string(),
        }),
      ),
      v.description('Fees and commission in dollars for all contracts (details.costs has each fee).'),
    ),
    buying_power: v.nullable(v.object({ reduction: v.number(), return_on_buying_power: v.number(), words: v.string() })),
    flags: TradeFlagsView,
    account: TradingAccountView,
    status: v.picklist(['awaiting_approval', 'blocked', 'expired', 'placed', 'rejected', 'unknown', 'void']),
    status_words: v.pipe(v.string(), v.description('The status in words, as the approval page and the MCP App show it.')),
    approvable_at: v.string(),
    expires_at: v.string(),
    seconds_left: v.number(),
    payoff: v.pipe(v.nullable(PayoffView), v.description('Profit (+) or loss (−) in dollars at expiry for the whole order, by the underlying’s price; straight lines between points are exact.')),
    band: BandView,
    approval: v.nullable(ApprovalView),
    market_notice: v.nullable(v.string()),
    priced_on: v.pipe(v.nullable(v.string()), v.description("The market the proposal was priced on, in words (design §17); it is placed only while the person's account trades on that market.")),
  }),
  v.description('The order as a person approves it: legs and price in words, risk, account, time left and the payoff at expiry.'),
);

export const ticketView = (t: OrderTicket): v.InferOutput<typeof TicketView> => ({
  headline: t.headline,
  legs: t.legs.map((l) => ({ symbol: l.symbol, action: l.action, type: l.type, strike: l.strike, expiry: l.expiry, words: l.words })),
  price_words: t.priceWords,
  qty: t.qty,
  max_profit: t.maxProfit,
  max_loss: t.maxLoss,
  breakevens: [...t.breakevens],
  pop: t.pop,
  pop_after_costs: t.popAfterCosts,
  pop_words: t.popWords,
  costs:
    t.costs === null
      ? null
      : { open: t.costs.open, close: t.costs.close, total: t.costs.total, per_contract: t.costs.perContract, net_credit_after_costs: t.costs.netCreditAfterCosts, words: t.costs.words },
  buying_power:
    t.buyingPower === null ? null : { reduction: t.buyingPower.reduction, return_on_buying_power: t.buyingPower.returnOnBuyingPower, words: t.buyingPower.words },
  flags: t.flags.map((f) => ({ code: f.code, date: f.date, message: f.message })),
  account: { broker: t.account.broker, environment: t.account.environment, simulated_market: t.account.simulatedMarket, words: t.account.words },
  status: t.status,
  status_words: t.statusWords,
  approvable_at: isoTime(t.approvableAt),
  expires_at: isoTime(t.expiresAt),
  seconds_left: t.secondsLeft,
  payoff: t.payoff === null ? null : payoffView(t.payoff),
  band: t.band === null ? null : bandView(t.band),
  approval: t.approval === null ? null : approvalView(t.approval),
  market_notice: t.marketNotice,
  priced_on: t.pricedOn,
});
