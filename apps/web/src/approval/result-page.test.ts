import type { OrderTicket } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { parsePage, text } from '../../test/dom.js';
import { sampleTicket } from '../../test/tickets.js';
import { renderPlaced } from './result-page.js';

const placedText = (account: OrderTicket['account']): string =>
  text(parsePage(`<body>${String(renderPlaced(sampleTicket({ account }), 'order-1', 'filled'))}</body>`).querySelector('[data-role="message"] p'));

describe('renderPlaced', () => {
  it('names the account the order went to in the broker’s own words', () => {
    expect(placedText({ broker: 'sim', environment: 'paper', simulatedMarket: true, words: 'Simulated paper account (simulated market)' })).toBe(
      'Order order-1 was sent to your simulated paper account. Its status: filled.',
    );
    expect(placedText({ broker: 'alpaca', environment: 'live', simulatedMarket: false, words: 'Alpaca live account (real money)' })).toBe(
      'Order order-1 was sent to your Alpaca live account. Its status: filled.',
    );
  });
});
