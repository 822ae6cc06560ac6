import type { LegalText } from './legal-text.js';

export const EUA: LegalText = {
  name: 'eua',
  title: 'End-User Agreement',
  version: '2026-11-21',
  text: `# End-User Agreement

This agreement is between you and the operator of this deployment of condor ("the operator"). It covers use through an AI agent (MCP) or a program (REST API). You accept it by calling \`accept_eua\` after reading it.

## 1. What the service does

1. It finds and ranks iron condors on US equities and ETFs, with their breakevens, maximum loss and a modelled probability of profit.
2. It prepares each order as a proposal showing the legs, quantity, limit price, maximum loss and expiry.
3. When you confirm a proposal, it sends that order to your own brokerage account.
4. It shows the positions and orders it opened, cancels orders when you ask, and suggests closes and rolls.

## 2. What the service does not do

1. **It gives no investment, tax or legal advice.** Rankings, probabilities and suggestions come from mechanical models; they are not recommendations and say nothing about whether a trade suits you.
2. **It is not a broker-dealer, investment adviser or fiduciary**, and it never holds your money or securities. Your broker holds your account and executes your orders.
3. **It never places an order you have not confirmed** (section 4).
4. **It does not watch your positions for you.** It places no stop orders and closes nothing on its own. \`suggest_iron_condor_autoroll\` only suggests; \`execute_iron_condor_autoroll\` is disabled by default and, if enabled, only creates proposals for you to confirm.
5. **It manages only positions opened through it.** Anything else in your account, including shares delivered by an assignment, is yours to handle at your broker.
6. **It does not promise fills.** A limit order may fill completely, partly or not at all.

## 3. Your responsibility

1. You must be an adult, and your brokerage account must be approved for the options strategies you trade.
2. Keep your password and tokens secret. Anything done with your credentials is treated as done by you.
3. Every trade is your decision. Read the Options Risk Disclosure and decide whether the risk suits you. Gains, losses, fees and taxes are yours.
4. Follow your broker's terms and the law that applies to you.

## 4. Human approval before every order

1. Every order starts as a proposal from \`propose_entry\`, \`propose_roll\` or \`propose_exit\`.
2. A proposal lives **60 seconds**. After that it cannot be confirmed; ask for a fresh, re-priced one.
3. A proposal cannot be confirmed in its first **5 seconds**, so that you have time to read it.
4. A proposal cannot be confirmed in the same batch of tool calls that created it.
5. A proposal can be confirmed **once**. Confirming sends exactly the order it describes (for some rolls, the two orders it describes, in the stated sequence). A repeated confirmation sends nothing.
6. Confirm only after reading the proposal and deciding yourself.
7. These checks make an agent stop and show you the proposal. They cannot prove that a person, rather than a program, confirmed. Do not let any agent or script confirm proposals without asking you each time.
8. A working order stays open until it fills or is cancelled by you or your broker. A cancel can fail if the order has already filled.

## 5. AI agents acting for you

1. An AI agent you use acts on your instructions and with your credentials. The operator does not control it and is not responsible for what it says or does.
2. Agents misread numbers, invent facts and can follow instructions hidden in what they read. Check each proposal itself, not only the agent's summary.
3. **You remain responsible for every proposal you approve** and every action taken with your credentials.
4. What the service returns to your agent may pass to the agent's provider under that provider's terms.

## 6. Simulated data and paper trading

1. Unless a real broker is linked, the service uses a built-in simulated market and broker: synthetic prices and fills, labelled "simulated", with no real money.
2. Alpaca paper accounts also simulate fills. Paper results are often better than live ones.
3. Live trading happens only when you link a live account **and** the operator has enabled live trading on this deployment.
4. Quotes from a free data feed may be delayed or indicative, not tradeable prices.

## 7. Tiers, subscriptions and quotas

1. There is a free tier and a premium tier; some parameters and models are premium only.
2. Free-tier tools have daily quotas per tool, reset at 00:00 UTC. A call counts once admitted, even if it then fails. \`get_subscription\` shows your use, limits and reset time, and how you are billed.
3. \`subscribe\` starts premium; \`cancel_subscription\` returns you to the free tier at once. Some deployments, such as self-hosted or test ones, activate plans without payment and say so.
4. The operator may change tiers, quotas and rate limits, and will announce changes to what a paid plan includes before they apply to you.

## 8. Your data

1. **Stored:** your email address; your password, only as a salted hash; refresh tokens, only as hashes; your broker API key and secret, encrypted with AES-256-GCM and never shown again; your strategies, proposals, orders and the positions the service opened; which document versions you read and accepted, and when; your subscription and quota use.
2. **Logs** hold no inputs or secrets. Your IP address is used for rate limiting.
3. Your data is used only to provide, secure and run the service. **It is never sold, rented or used for advertising.**
4. It is shared only with your broker to carry out your requests, with a payment provider if one is used, and where the law requires.
5. It is kept while your account exists. Ask the operator to delete it; records the law requires may be kept as long as required.

## 9. Availability and no warranty

1. The service, your broker and data sources can be slow or down, including when it matters most. There is no uptime guarantee. Keep another way to manage your positions, such as your broker's app.
2. The service is provided "as is". As far as the law allows, the operator gives no warranty that it is accurate, complete, uninterrupted or fit for your purpose. Calculations and data can be wrong.

## 10. Limitation of liability

1. As far as the law allows, the operator is not liable for trading losses, lost profits, losses caused by your broker, data sources or agent, or indirect losses.
2. Otherwise, the operator's total liability is limited to the greater of what you paid for the service in the 12 months before the claim and 100 US dollars.
3. Nothing here limits liability for fraud, gross negligence, wilful misconduct or anything else the law does not allow to be limited.

## 11. Ending

1. You may stop at any time: call \`disconnect_broker\`, revoke your key at your broker, and cancel your subscription.
2. The operator may suspend or end your access for breach, misuse (such as bypassing the confirmation checks), or security or legal reasons, and will say why where practical.
3. Ending closes no positions and cancels no orders; cancel working orders first.

## 12. Changes

A changed agreement gets a new version date. Trading tools are refused until you read and accept it. If you do not accept it, stop using them.

## 13. Contact and law

Questions, complaints and deletion requests go to the operator of this deployment. The law of the place where the operator is established governs this agreement, without removing consumer rights the law where you live gives you.
`,
};
