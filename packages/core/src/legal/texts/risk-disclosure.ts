import type { LegalText } from './legal-text.js';

export const RISK_DISCLOSURE: LegalText = {
  name: 'risk-disclosure',
  title: 'Options Risk Disclosure: Iron Condors',
  version: '2026-11-21',
  text: `# Options Risk Disclosure: Iron Condors

Options are not suitable for everyone, and you can lose money quickly. This document explains the risks of the iron condors this service finds, proposes and manages. It does not replace **"Characteristics and Risks of Standardized Options"**, published by The Options Clearing Corporation (OCC). That booklet is the authoritative description of listed options and their risks; your broker must give it to you, and it is also available on the OCC's website. Read it before you trade options. Where the two documents differ on how options work, the OCC booklet prevails.

You acknowledge this document by calling \`acknowledge_risk\` after reading it.

## 1. What an iron condor is

An iron condor is four option legs on the same underlying, with the same expiry and the same number of contracts:

1. **buy a put** at the lowest strike (the long put);
2. **sell a put** at a higher strike (the short put);
3. **sell a call** at a higher strike still (the short call);
4. **buy a call** at the highest strike (the long call).

So: long put < short put < short call < long call. The two puts form the put wing and the two calls the call wing; a wing's width is the distance between its two strikes. The position is opened for a net credit. It gains if the underlying stays between the short strikes and loses if it moves far enough either way.

## 2. Profit, loss and breakevens

One contract covers 100 shares. All amounts below are per share unless multiplied by 100.

1. **Maximum profit = net credit × 100 × contracts.** It is reached at expiry if the underlying is between the two short strikes.
2. **Maximum loss = (width of the wider wing − net credit) × 100 × contracts.** It is reached at expiry if the underlying is at or beyond the long strike on that wing's side.
3. **Breakevens at expiry:** lower = short put strike − net credit; upper = short call strike + net credit.
4. These figures use the credit actually received, after the fill. Commissions and fees lower the profit and raise the loss.
5. Your broker normally holds the maximum loss as collateral while the position is open.
6. The maximum loss holds only while all four legs stay in place until expiry. Early assignment, a leg closed on its own, or a half-done roll can change it (sections 5, 6 and 9).

## 3. A worked example

SPY, one contract, all legs with the same expiry, opened for a net credit of 1.60:

| Leg | Strike |
|---|---|
| Buy put | 430 |
| Sell put | 435 |
| Sell call | 465 |
| Buy call | 470 |

- Both wings are 5.00 wide.
- **Maximum profit:** 1.60 × 100 = **$160**, if SPY closes between 435 and 465 at expiry.
- **Maximum loss:** (5.00 − 1.60) × 100 = **$340**, if SPY closes at or below 430, or at or above 470.
- **Breakevens:** 435 − 1.60 = **433.40** and 465 + 1.60 = **466.60**.
- With 5 contracts, the maximum profit is $800 and the maximum loss $1,700.

Result at expiry for one contract:

| SPY at expiry | Profit or loss |
|---|---|
| 425.00 | −$340 |
| 432.00 | −$140 |
| 433.40 | $0 |
| 450.00 | +$160 |
| 466.60 | $0 |
| 468.00 | −$140 |
| 475.00 | −$340 |

In this example you risk $340 to make $160: one maximum loss erases more than two maximum profits.

With unequal wings the wider wing sets the maximum loss. For 425/435/465/470 opened for 2.10, the put wing is 10.00 wide and the call wing 5.00: the loss can reach (10.00 − 2.10) × 100 = $790 on the downside, but only (5.00 − 2.10) × 100 = $290 on the upside.

## 4. Probability of profit is an estimate

The probability of profit (POP) the service shows is the output of a model, not a promise. The standard model uses implied volatility and assumes smooth, lognormal price moves. Real prices jump, and large moves happen more often than such models expect. Even if a 70% POP were exactly right, you would lose on about 3 trades in 10, and because a loss can be larger than a gain, a high POP does not mean the trade is worth taking on average. Other models offered (for example Monte Carlo) rest on assumptions too.

## 5. Early assignment

US equity and ETF options are American-style: the holder of an option you sold can exercise it on any business day before expiry, and you can be assigned without warning.

1. **Short calls before an ex-dividend date.** If your short call is in the money and its remaining time value is less than the coming dividend, holders often exercise the day before the ex-dividend date. You are then short 100 shares per contract and owe the dividend.
2. **Deep in-the-money short options**, calls or puts, with little time value left are likely to be assigned.
3. After an assignment you hold a stock position in place of the short leg, which can need much more margin than the condor and can trigger a margin call or a forced sale by your broker. The long leg still exists, but until you act the position no longer has the condor's shape, and a price gap before you act can take the loss beyond the calculated maximum.
4. Stock delivered by an assignment was not opened through the service, and the service does not manage it. You must handle it at your broker.
5. The service's alerts may warn of ex-dividend and assignment risk, but they can miss it.

## 6. Expiration and pin risk

1. If the underlying closes near a short strike on expiry day, you cannot know whether you will be assigned. Holders can still decide to exercise after the close, based on after-hours prices.
2. In-the-money options are normally exercised automatically at expiry; an option barely in or out of the money may or may not be. You can end up with a stock position you did not expect, exposed to the weekend's moves.
3. Your broker may close positions on expiry day on its own, at prices you do not choose, if your account could not carry the result of exercise.
4. Closing before expiry day avoids most of this. The service may suggest it; it will not do it for you.

## 7. Liquidity, bid/ask spreads and slippage

1. Each of the four legs has a bid and an ask. Trading all four at once at the quoted bid and ask can cost much more than the mid price the service's estimates use, especially on thinly traded underlyings, strikes or expiries.
2. A limit order protects you from a worse price but may not fill. To get out in a hurry you may have to pay far more than the mid price, and quotes widen in fast markets.
3. A proposal is priced when it is made. The market can move in the seconds before you confirm and before the order reaches the exchange.
4. Quotes from free data feeds may be delayed or "indicative" rather than actual market quotes, so credits computed from them are approximate.

## 8. Price gaps and volatility

1. Prices can jump overnight, over weekends, and on earnings, economic data, news or trading halts. The underlying can move past both your short and your long strike with no chance for you to act.
2. Earnings inside the life of the trade bring large moves. The service may warn of them; it can miss them.
3. A rise in implied volatility raises the value of the options you sold: an open condor can show a loss, and cost more to close, even if the price has not moved.
4. Time decay works for you mostly in the last weeks, when sensitivity to price moves near a short strike is also highest.

## 9. Rolls and orders sent in two parts

1. A broker order holds at most four legs. A roll that replaces a whole condor is therefore sent as two orders: first a closing order, then an opening order. The proposal says when this is the case.
2. The two orders can end differently: the first can fill and the second not, or fill in part, or at another price. You can be left out of the market when you meant to stay in, or holding part of a position you meant to replace. Check your positions and orders after every roll and decide yourself what to do next.
3. Rolling does not undo a loss. The closed position's loss is realised, the new position has its own maximum loss, and repeated rolls can add up to more risk than the original trade.

## 10. Broker and service failures

1. Your broker, its data and this service can be slow, rate-limited or down, at any time including fast markets and expiry day. You may be unable to close a position or cancel an order when you want to. Keep your broker's own app or website at hand.
2. Brokers limit how many requests an account may send per minute. When the limit is reached, the service asks you to wait and try again.
3. After a timeout an order's state can be briefly unknown. The service looks the order up before doing anything else and never submits a confirmed proposal twice, but a status you see can be out of date. Your broker's records are authoritative.
4. A cancel request fails if the order has already filled.

## 11. Backtests, models and simulation

1. Backtests and optimizer results are built on past or synthetic data and assumptions about fills and costs. They can be fitted to the past, and **they do not predict future results**.
2. The built-in simulated market is synthetic, and the simulated broker fills orders at a model price. Paper accounts also simulate fills. Real orders can fill at worse prices, partly, or not at all, and real positions can be assigned. **Simulated results differ from real results**, usually by looking better.
3. The calculations can contain errors. Check the legs, limit price and maximum loss of every proposal before you confirm it.

## 12. Other risks

1. Several condors on related underlyings (for example SPY, QQQ and IWM) can all lose at the same time in a sharp market move.
2. Trade only with money you can afford to lose, and size positions so that the maximum loss of everything open at once is acceptable to you.
3. Options taxation can be complex; ask a tax adviser.

## 13. Your acknowledgement

By calling \`acknowledge_risk\` you confirm that you have read this document and the OCC's "Characteristics and Risks of Standardized Options", that you understand you can lose the maximum loss of every position you open and in some cases more, and that every trade is your own decision.
`,
};
