import { newYorkTime, type OrderTicket, type PasskeyNeed } from '@condor/core';
import { markup, type Markup } from '../shared/markup.js';
import { freshQuoteMade, renderFreshQuote } from './fresh-quote.js';
import { renderTicket } from './ticket.js';

export interface ApprovalPage {
  readonly ticket: OrderTicket;
  /** The link token: the forms post back to `/approve/<token>/…`. */
  readonly token: string;
  readonly csrf: string;
  /** Whether the link has been used (the proposal was decided through it). */
  readonly linkUsed: boolean;
  /** Whether approving needs the person's passkey (a live account, or their paper setting), and whether they have one. */
  readonly passkey: PasskeyNeed;
  /** A message above the ticket, such as "too early". */
  readonly notice?: Markup | null;
  /** The expired proposal this one is a fresh quote of, when the person asked for it; null otherwise. */
  readonly freshQuoteOf?: string | null;
}

const DECIDED: Readonly<Record<Exclude<OrderTicket['status'], 'blocked'>, string>> = {
  awaiting_approval: 'This approval link has been used; nothing more can be done with it.',
  expired: 'This proposal expired before anyone approved it. Nothing was placed.',
  placed: 'This proposal has been approved and its order placed. There is nothing more to decide.',
  rejected: 'This proposal was rejected. Nothing was placed.',
  unknown: 'This proposal can no longer be decided here.',
  void: 'This proposal is void: another exit or roll of its position was approved first. Nothing was placed; ask your agent for a new proposal if the position still needs one.',
};

/**
 * The approval page: the ticket, then Approve and Reject as two separate POST forms (each with the CSRF token),
 * or, once the proposal is decided or expired, what became of it. Beside Approve, the band it approves: the
 * sentence with its worst case, and what the button covers (its description). Approve is a plain submit button, so
 * it works without JavaScript (an early press is answered "too early"); the countdown script disables it until the
 * 5-second floor has passed. An expired ticket offers "Get a fresh quote" (on an open one it waits hidden, and the
 * countdown shows it at expiry).
 */
export function renderApprovalPage(page: ApprovalPage): Markup {
  const { ticket } = page;
  const open = ticket.status === 'awaiting_approval' && !page.linkUsed;
  return markup`${page.notice ?? ''}
${page.freshQuoteOf == null ? '' : freshQuoteMade(page.freshQuoteOf, open)}
${renderTicket(ticket)}
${open ? decision(page) : markup`<section class="card" data-role="decided"><p class="notice ${ticket.status === 'placed' ? 'ok' : 'warn'}">${decided(ticket)}</p></section>`}
${open || ticket.status === 'expired' ? renderFreshQuote(page, open) : ''}`;
}

/** What became of a proposal no longer open here; one the book no longer allows says why (its status words). */
function decided(ticket: OrderTicket): string {
  return ticket.status === 'blocked' ? `${ticket.statusWords} Ask your agent for a new proposal if you still want this trade.` : DECIDED[ticket.status];
}

function decision(page: ApprovalPage): Markup {
  const { ticket } = page;
  const wait = ticket.secondsUntilApprovable;
  const when = wait > 0 ? `You can approve in ${String(wait)} s (from ${newYorkTime(ticket.approvableAt)}).` : 'You can approve now.';
  const { band } = ticket;
  const { passkey } = page;
  const cannot = passkey.required && !passkey.registered;
  return markup`<section class="card" data-role="decision">
<h2>Your decision</h2>
${band === null ? '' : markup`<p class="notice warn" data-role="band-sentence"><strong>${band.words}</strong></p>`}
${passkey.required ? passkeyNote(ticket, passkey) : ''}
${cannot ? '' : markup`<p data-approvable-note>${when}</p>`}
<div class="actions">
${cannot ? '' : approveForm(page)}
<form method="post" action="/approve/${page.token}/reject" data-once>
<input type="hidden" name="csrf_token" value="${page.csrf}">
<button type="submit" class="reject">Reject</button>
</form>
</div>
${band === null ? '' : markup`<p id="band-approval" data-role="band-approval"><strong>${band.approveWords}</strong></p>`}
<p class="muted">Approve sends this order to the account above. Reject ends the proposal and sends nothing.</p>
</section>`;
}

/**
 * The Approve form. Where a passkey is required its script asks for an assertion first and posts it in the hidden
 * fields; without JavaScript the form posts none and the server refuses it, saying so.
 */
function approveForm(page: ApprovalPage): Markup {
  const { ticket } = page;
  const wait = ticket.secondsUntilApprovable;
  const withPasskey = page.passkey.required;
  return markup`<form method="post" action="/approve/${page.token}/approve" data-once${withPasskey ? markup` data-step-up data-options-url="/approve/${page.token}/passkey"` : ''}>
<input type="hidden" name="csrf_token" value="${page.csrf}">
${withPasskey ? markup`<input type="hidden" name="passkey_challenge" value=""><input type="hidden" name="passkey_response" value="">` : ''}
<button type="submit" class="approve" data-approve data-label="${withPasskey ? 'Approve with passkey' : 'Approve'}" data-seconds-left="${ticket.secondsLeft}" data-seconds-until-approvable="${wait}"${ticket.band === null ? '' : markup` aria-describedby="band-approval"`}>${withPasskey ? 'Approve with passkey' : 'Approve'}</button>
${withPasskey ? markup`<p role="status" data-role="step-up-status"></p>` : ''}
</form>`;
}

/** Why this approval needs a passkey, and what to do without one or without JavaScript. */
function passkeyNote(ticket: OrderTicket, passkey: PasskeyNeed): Markup {
  const why =
    ticket.account.environment === 'live'
      ? 'This is a real-money account: approving its orders needs your passkey.'
      : 'You asked for your passkey on paper orders too (Settings).';
  if (!passkey.registered) {
    return markup`<p class="notice error" data-role="passkey-needed">${why} You have none yet: <a href="/passkeys">add a passkey</a>, then open this page again while the proposal lasts.</p>`;
  }
  return markup`<p class="notice warn" data-role="passkey-needed">${why} Your browser will ask for it when you press Approve.</p>
<noscript><p class="notice error" data-role="passkey-needs-js">Approving with a passkey needs JavaScript: your browser answers the passkey prompt on this page.</p></noscript>`;
}
