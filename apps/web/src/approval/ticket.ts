import { bandRangeWords, newYorkTime, type ApprovalMethod, type ApprovalRecord, type OrderTicket } from '@condor/core';
import { renderPayoffChart } from '../chart/payoff-chart.js';
import { renderBand } from './band.js';
import { renderWorking } from './working.js';
import { dollars, listWords, price } from '../shared/format.js';
import { markup, trusted, type Markup } from '../shared/markup.js';

const METHOD_WORDS: Readonly<Record<ApprovalMethod, string>> = {
  page: 'on the approval page',
  passkey: 'on the approval page with a passkey',
  app: 'in the MCP App ticket',
  elicitation: 'in the AI client’s approval prompt',
  confirm: 'by the agent’s confirm_proposal (paper account, CONDOR_APPROVAL=confirm)',
};

const KIND_WORDS: Readonly<Record<OrderTicket['kind'], string>> = { entry: 'Open', roll: 'Roll', exit: 'Close' };

/**
 * An order ticket for a person: the headline, the account (a prominent warning for real money), the simulated-market
 * notice, the price, quantity and risk in words, the price band with a fill's effect at its start and its worst
 * price, the legs, time left (counted down by the page's script), the payoff chart and, once placed, the approval
 * evidence.
 */
export function renderTicket(ticket: OrderTicket): Markup {
  return markup`<section class="card ticket" data-proposal-id="${ticket.proposalId}">
<p class="muted">${KIND_WORDS[ticket.kind]} · proposal ${ticket.proposalId} · <span class="status" data-status="${ticket.status}">${ticket.statusWords}</span></p>
<h1>${ticket.headline}</h1>
${accountNotice(ticket)}
${ticket.marketNotice === null ? '' : markup`<p class="notice warn" data-role="market-notice">${ticket.marketNotice}</p>`}
<dl class="facts">
<dt>Account</dt><dd data-role="account">${ticket.account.words}</dd>
${ticket.pricedOn === null ? '' : markup`<dt>Prices from</dt><dd data-role="priced-on">${ticket.pricedOn}</dd>`}
<dt>Price</dt><dd data-role="price">${ticket.priceWords}</dd>
<dt>Quantity</dt><dd data-role="qty">${ticket.qty} ${ticket.qty === 1 ? 'contract' : 'contracts'}</dd>
<dt>Max profit</dt><dd data-role="max-profit">${ticket.maxProfit === null ? 'not applicable' : dollars(ticket.maxProfit)}</dd>
<dt>Max loss</dt><dd data-role="max-loss">${ticket.maxLoss === null ? 'not applicable' : dollars(ticket.maxLoss)}</dd>
<dt>Breakevens</dt><dd data-role="breakevens">${ticket.breakevens.length === 0 ? 'none' : listWords(ticket.breakevens.map(price))}</dd>
<dt>Probability of profit</dt><dd data-role="pop">${ticket.popWords}</dd>
${ticket.costs === null ? '' : markup`<dt>Costs</dt><dd data-role="costs">${ticket.costs.words}</dd>`}
${ticket.buyingPower === null ? '' : markup`<dt>Buying power</dt><dd data-role="buying-power">${ticket.buyingPower.words}</dd>`}
${timeLeft(ticket)}
</dl>
${ticket.band === null ? '' : renderBand(ticket.band)}
${flags(ticket)}
<h2>Legs</h2>
<ol class="legs">${ticket.legs.map((leg) => markup`<li>${leg.words}</li>`)}</ol>
${ticket.payoff === null ? '' : markup`<figure>${trusted(renderPayoffChart(ticket.payoff))}<figcaption>${caption(ticket)}</figcaption></figure>`}
${ticket.approval === null ? '' : evidence(ticket.approval)}
${ticket.working === null ? '' : renderWorking(ticket.working)}
</section>`;
}

function caption(ticket: OrderTicket): string {
  const whole = `Profit or loss of the whole order at expiry, by the price of ${ticket.ticker}`;
  return ticket.payoff?.worst == null ? `${whole}.` : `${whole}: filled at the start price (solid line) and at the worst price of the band (dashed line).`;
}

/** Events before expiry and the session the prices come from: what to know before approving. */
function flags(ticket: OrderTicket): Markup | string {
  if (ticket.flags.length === 0) return '';
  return markup`<h2>Before you approve</h2>
<ul class="flags" data-role="flags">${ticket.flags.map((f) => markup`<li data-flag="${f.code}">${f.message}</li>`)}</ul>`;
}

function accountNotice(ticket: OrderTicket): Markup | string {
  if (ticket.account.environment === 'live') {
    // Max loss among the facts is the start price's; a band that walks can fill where more is at risk.
    const upTo = ticket.band === null || ticket.band.rows.length === 0 ? 'the max loss below' : 'the max loss at the worst price of the price band below';
    return markup`<p class="notice live" role="alert" data-role="live-warning">LIVE ACCOUNT — REAL MONEY. Approving sends this order to your live brokerage account; it can lose real money, up to ${upTo}.</p>`;
  }
  return markup`<p class="notice ok" data-role="paper-notice">Paper account: no real money moves.</p>`;
}

function timeLeft(ticket: OrderTicket): Markup | string {
  if (ticket.status !== 'awaiting_approval') return '';
  return markup`<dt>Time left</dt><dd data-role="time-left"><span data-seconds-left="${ticket.secondsLeft}">${ticket.secondsLeft} s</span> (expires ${newYorkTime(ticket.expiresAt)})</dd>`;
}

/** Who approved, how, when, from where, with which client, and the price band the approval covered. */
function evidence(record: ApprovalRecord): Markup {
  return markup`<h2>Approval</h2>
<dl class="facts" data-role="evidence" data-method="${record.method}">
<dt>How</dt><dd>Approved ${METHOD_WORDS[record.method]}</dd>
${record.credentialId == null ? '' : markup`<dt>Passkey</dt><dd><code data-role="approved-passkey">${record.credentialId}</code></dd>`}
<dt>When</dt><dd><time datetime="${new Date(record.at).toISOString()}">${newYorkTime(record.at)}</time></dd>
<dt>By user</dt><dd>${record.userId}</dd>
<dt>Client</dt><dd>${record.client ?? 'not given'}</dd>
<dt>Address</dt><dd>${record.address ?? 'not given'}</dd>
${record.band == null ? '' : markup`<dt>Price band approved</dt><dd data-role="approved-band">${bandRangeWords(record.band.startPrice, record.band.worstPrice)}</dd>`}
</dl>`;
}
