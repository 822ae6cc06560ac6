import type { LegalText } from './legal-text.js';

export const BROKER_AUTHORIZATION: LegalText = {
  name: 'broker-authorization',
  title: 'Broker Authorization',
  version: '2026-11-21',
  text: `# Broker Authorization

This document says what you allow when you link a brokerage account to condor, and how to take that permission back. It is part of your agreement with the operator of this deployment. Read it before you call \`connect_broker\`.

## 1. Which accounts

1. The service works with its built-in simulated broker (the default, which needs no keys and involves no real money) and with Alpaca, in a paper or a live account.
2. Link only an account that is yours, or that you are authorized to trade.
3. The account must be approved by your broker for multi-leg options orders (at Alpaca, options trading level 3) and must have the buying power the trades need.

## 2. What you authorize

By linking your account you authorize the service to do the following, and nothing more:

1. **Read** your account details (such as status, buying power and options level), positions and orders. The service uses them to check your keys, show your positions, check a proposal against your account, and follow orders it submitted.
2. **Submit multi-leg limit orders, only for proposals you explicitly confirmed.** Each confirmation sends exactly the order the proposal describes (for some rolls, the two orders it describes). Each order carries the proposal's id, so one proposal can never become two orders.
3. **Cancel orders when you ask** it to, through \`positions\` with \`action='cancel'\`.
4. **Read market data** with your keys where your broker provides it.

## 3. What the service will never do

1. It never withdraws, transfers or moves money or securities, and never changes bank links, account settings, personal details or options approval.
2. It never submits an order you did not confirm, and never sends market orders.
3. It never trades positions that were not opened through it.
4. It never shows your keys again, to you or to any agent, and never gives them to anyone but your broker.

**Please note:** these limits are rules of this service, enforced by its code. What an API key can do is decided by your broker, not by the service. Anyone who obtains your keys may be able to trade in your account. Treat them like a password.

## 4. How your keys are kept

1. You give your API key and secret with \`set_broker_keys\`. They are stored encrypted with AES-256-GCM, bound to your user, and decrypted only in memory when the service calls your broker.
2. They never appear in any response or log. To change them, set new ones.
3. If you pass your keys through an AI agent, they travel through that agent and its provider and may stay in the conversation history. Where you can, enter them directly over the REST API from a device you trust. If keys may have been exposed, revoke them at your broker and create new ones.
4. If this deployment loses its encryption key, stored keys cannot be recovered and you will need to set them again.

## 5. Paper and live

1. Alpaca issues separate key pairs for paper and live accounts, and they are not interchangeable. You choose the environment when you link; keys for the wrong environment are refused when the service checks them.
2. **Paper** accounts simulate fills and use no real money.
3. **Live** accounts place real orders with real money. Live trading needs two things: you choose live, **and** the operator of this deployment has explicitly enabled live trading. Without both, no live order is sent.
4. Start with paper, and move to live only when you understand how proposals, fills and rolls behave.

## 6. How you confirm

1. Fetch this document with \`get_legal_document\` (\`name='broker-authorization'\`) and read it.
2. Call \`connect_broker\` with \`authorization_confirmed=true\`. This confirms that you have read this version and give the authorization in section 2.
3. Without reading the document first, or without the flag, the link is refused with \`AUTHORIZATION_NOT_CONFIRMED\`.
4. The service then checks your keys with your broker by reading your account. No order is placed while linking.
5. When this document changes, you may be asked to read and confirm the new version before further orders are sent.

## 7. How to revoke

1. **\`disconnect_broker\`** ends the link at once: the service stops using your account and deletes the stored keys. Proposals not yet confirmed can no longer be confirmed.
2. **Revoke or regenerate the key at your broker** (for Alpaca, in its dashboard). This is the only way to be certain the key can no longer be used by anyone. Do it whenever you stop using the service, or suspect your keys were exposed.
3. Revoking does not cancel working orders or close positions. They stay in your brokerage account. Cancel orders first if you do not want them to fill, and manage remaining positions at your broker.

## 8. Your responsibilities

1. Your broker's terms, fees and margin rules apply to every order. Your broker's records of orders, fills and positions are authoritative.
2. Watch your account at your broker as well: assignments, corporate actions and anything not opened through the service are yours to handle there.
3. You remain responsible for every proposal you confirm, including confirmations made by an agent or program using your credentials.
`,
};
