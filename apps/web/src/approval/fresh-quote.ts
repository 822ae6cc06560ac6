import { PROPOSAL_TTL_S, type OrderTicket } from '@condor/core';
import { markup, type Markup } from '../shared/markup.js';

/** What a fresh quote proposes again, by the expired proposal's kind. */
const AGAIN: Readonly<Record<OrderTicket['kind'], string>> = {
  entry: 'this iron condor again: the same legs, quantity and pricing mode',
  exit: 'closing this position again, with the same pricing mode',
  roll: 'the same roll of this position again',
};

/**
 * "Still want this trade?" with the Get a fresh quote form (a POST with the CSRF token) for the owner of an expired
 * ticket. On an open ticket it is rendered hidden, and the countdown script shows it once the proposal has expired.
 */
export function renderFreshQuote(page: { readonly ticket: OrderTicket; readonly token: string; readonly csrf: string }, hidden: boolean): Markup {
  return markup`<section class="card" data-role="fresh-quote"${hidden ? markup` hidden data-shows-at-expiry="${page.ticket.secondsLeft}"` : ''}>
<h2>Still want this trade?</h2>
<p>A fresh quote proposes ${AGAIN[page.ticket.kind]}, priced at the market now and checked again like any new proposal. You then review it and approve it with your usual step, within its own ${String(PROPOSAL_TTL_S)} seconds. This expired proposal stays as it is.</p>
<form method="post" action="/approve/${page.token}/fresh-quote" data-once>
<input type="hidden" name="csrf_token" value="${page.csrf}">
<button type="submit" class="approve" data-fresh-quote>Get a fresh quote</button>
</form>
</section>`;
}

/** Above a ticket the person asked for: which expired proposal it quotes again. */
export function freshQuoteMade(freshQuoteOf: string, open: boolean): Markup {
  const text = open
    ? `Here is your fresh quote, priced just now: the same order as expired proposal ${freshQuoteOf}. Take your time to review it below.`
    : `This is the fresh quote you asked for in place of expired proposal ${freshQuoteOf}.`;
  return markup`<section class="card" data-role="fresh-quote-made" data-fresh-quote-of="${freshQuoteOf}"><p class="notice ${open ? 'ok' : 'warn'}">${text}</p></section>`;
}
