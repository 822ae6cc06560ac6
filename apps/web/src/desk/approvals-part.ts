import type { DeskSection, OrderTicket } from '@condor/core';
import { dollars } from '../shared/format.js';
import { markup, type Markup } from '../shared/markup.js';
import { countdown, partNote } from './desk-words.js';

/** Where the desk opens a waiting proposal's ticket: a fresh approval link, minted for this person. */
export const ticketPath = (proposalId: string): string => `/desk/approvals/${encodeURIComponent(proposalId)}`;

const approval = (ticket: OrderTicket): Markup => markup`<article class="item" data-role="approval" data-proposal="${ticket.proposalId}">
<h3><a href="${ticketPath(ticket.proposalId)}">${ticket.headline}</a></h3>
<p>${ticket.priceWords}.${ticket.maxProfit === null ? '' : ` Max profit ${dollars(ticket.maxProfit)}.`}${ticket.maxLoss === null ? '' : ` Max loss ${dollars(ticket.maxLoss)}.`}</p>
${ticket.band === null ? '' : markup`<p class="muted" data-role="band">${ticket.band.words}</p>`}
<p class="muted">${ticket.account.words}</p>
${ticket.status === 'blocked' ? markup`<p class="notice warn" data-role="blocked">${ticket.statusWords}</p>` : decision(ticket)}
</article>`;

const decision = (ticket: OrderTicket): Markup => markup`<p data-role="countdown">${countdown(ticket.secondsLeft, 'Expired: nothing was placed', 'Expires in ')}. You can approve ${countdown(ticket.secondsUntilApprovable, 'now', 'in ')}.</p>
<div class="actions"><a class="button approve" href="${ticketPath(ticket.proposalId)}" data-role="open-ticket">Open the ticket</a></div>`;

/** The proposals waiting for the person, each linking to its ticket, with the seconds left to decide; one the book no longer allows says why, with nothing to approve. */
export const renderApprovals = (part: DeskSection<OrderTicket>): Markup => markup`<section class="card" data-role="desk-approvals">
<h2>Waiting for your approval</h2>
${partNote(part, 'Nothing is waiting for you. When your agent proposes an order, it shows here for its 60 seconds.')}
${part.items.map(approval)}
</section>`;
