import { BROKERS, type OrderTicket } from '@condor/core';
import { markup, type Markup } from '../shared/markup.js';
import { renderMessage } from '../shared/message.js';
import { renderTicket } from './ticket.js';

/** After Approve: the order's id and status at the broker, then the ticket with the approval evidence. */
export const renderPlaced = (ticket: OrderTicket, orderId: string, orderStatus: string): Markup =>
  markup`${renderMessage({
    heading: 'Order placed',
    text: `Order ${orderId} was sent to your ${BROKERS[ticket.account.broker].words.short} ${ticket.account.environment} account. Its status: ${orderStatus}.`,
    tone: 'ok',
    more: markup`<dl class="facts"><dt>Order id</dt><dd data-role="order-id">${orderId}</dd><dt>Order status</dt><dd data-role="order-status">${orderStatus}</dd></dl>`,
  })}
${renderTicket(ticket)}`;

/** After Reject: nothing was sent. */
export const renderRejected = (ticket: OrderTicket): Markup =>
  markup`${renderMessage({ heading: 'Proposal rejected', text: 'Nothing was sent to the broker. Your agent can propose again.', tone: 'warn' })}
${renderTicket(ticket)}`;
