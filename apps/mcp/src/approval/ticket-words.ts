import { moneyUnsigned, type OrderTicket } from '@condor/core';
import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';

const seconds = (value: number): string => (value === 1 ? '1 second' : `${String(value)} seconds`);

/**
 * The order ticket in words, as an elicitation shows it: what would be placed, at what price and within which
 * band (with its worst case), what it can win and lose, on which account, what approving covers, and for how long
 * the question stands.
 *
 * @example
 * ticketWords(ticket); // 'Approve this order?\nSell 1 SPY 2026-03-06 iron condor 650/655/723/728\n…'
 */
export function ticketWords(ticket: OrderTicket): string {
  const { band } = ticket;
  const lines = [
    'Approve this order? Nothing is placed unless you approve it.',
    ticket.headline,
    `Price: ${ticket.priceWords}.`,
    ...(band === null ? [] : [band.words, band.walkWords]),
    ...ticket.legs.map((leg) => `• ${leg.words}`),
  ];
  const risk = [
    ticket.maxProfit === null ? null : `max profit ${moneyUnsigned(ticket.maxProfit)}`,
    ticket.maxLoss === null ? null : `max loss ${moneyUnsigned(ticket.maxLoss)}`,
    ticket.breakevens.length === 0 ? null : `breakevens ${ticket.breakevens.map((b) => b.toFixed(2)).join(' and ')}`,
    ticket.pop === null ? null : `probability of profit ${ticket.popWords}`,
  ].filter((part) => part !== null);
  if (risk.length > 0) lines.push(`At expiry: ${risk.join(', ')}.`);
  if (ticket.costs !== null) lines.push(ticket.costs.words);
  if (ticket.buyingPower !== null) lines.push(`Buying power: ${ticket.buyingPower.words}`);
  lines.push(...ticket.flags.map((f) => `⚠ ${f.message}`));
  lines.push(`Account: ${ticket.account.words}.`);
  if (ticket.pricedOn !== null) lines.push(`Prices from ${ticket.pricedOn}.`);
  if (ticket.marketNotice !== null) lines.push(ticket.marketNotice);
  if (band !== null) lines.push(band.approveWords);
  lines.push(
    ticket.secondsUntilApprovable > 0
      ? `It can be placed in ${seconds(ticket.secondsUntilApprovable)}; the proposal expires in ${seconds(ticket.secondsLeft)}.`
      : `The proposal expires in ${seconds(ticket.secondsLeft)}.`,
  );
  return lines.join('\n');
}

/** The one question an elicitation asks: approve, yes or no. */
export const APPROVE_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    approve: {
      type: 'boolean',
      title: 'Place this order',
      description:
        'Yes places the order at the price shown, or better, and lets it be moved, unfilled, to the worst price of the band shown, never beyond. ' +
        'No leaves the proposal open until it expires; nothing is placed.',
    },
  },
  required: ['approve'],
};

/** The content of an accepted elicitation, when it approves; anything else (declined, cancelled, malformed, no) is not an approval. */
export const approves = (content: unknown): boolean =>
  typeof content === 'object' && content !== null && (content as Record<string, unknown>).approve === true;
