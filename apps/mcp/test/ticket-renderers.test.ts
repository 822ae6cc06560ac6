import { TICKET_STATUS_WORDS } from '@condor/core';
import { renderPayoffChart } from '@condor/web/chart';
import { describe, expect, it } from 'vitest';
import { ticketWords } from '../src/approval/ticket-words.js';
import { duration, escapeHtml, money } from '../src/apps/html-text.js';
import { ticketMarkup } from '../src/apps/ticket-markup.js';
import { payoffCurve, secondsUntilApprovable } from '../src/apps/ticket-wire.js';
import { TICKET, WIRE } from './ticket-fixture.js';

describe('the elicitation message (the ticket in words)', () => {
  it('says what would be placed, at what price, what it can win and lose, where, and for how long', () => {
    const words = ticketWords(TICKET);

    expect(words.split('\n')).toEqual([
      'Approve this order? Nothing is placed unless you approve it.',
      'Sell 1 SPY 2026-12-18 iron condor 540/545/600/605',
      'Price: a $1.20 credit per share ($120.00 for 1 contract), or better.',
      // At $1.15 the 5-dollar wings risk $385.00 for $115.00: breakevens 545 − 1.15 and 600 + 1.15, return 115/385.
      'You approve a credit of $1.20 down to $1.15 per share: at $1.15 the max loss is $385.00, breakevens 543.85 and 601.15, return on risk 29.9%.',
      'The order walks through 4 prices ($1.20, $1.19, $1.17, $1.15), moving every 10 s, and rests 2 min at the worst price; unfilled then, it is cancelled: 2 min 30 s in all.',
      '• Buy to open 1 SPY 540 put, expiring Fri 18 Dec 2026',
      '• Sell to open 1 SPY 545 put, expiring Fri 18 Dec 2026',
      '• Sell to open 1 SPY 600 call, expiring Fri 18 Dec 2026',
      '• Buy to open 1 SPY 605 call, expiring Fri 18 Dec 2026',
      'At expiry: max profit $120.00, max loss $380.00, breakevens 543.80 and 601.20, probability of profit 62.0% (61.9% after costs).',
      'Fees and commission: $0.23 to open and $0.23 to close (estimated), $0.46 in all ($0.46 per contract); the credit after costs is $1.1954 per share.',
      'Buying power: $380.00 of options buying power (the wider wing less the credit); the most it can earn is 32% of that.',
      '⚠ Earnings are due on 2026-12-10, before expiry: the price can gap past a short strike.',
      'Account: Simulated paper account (simulated market).',
      'Prices from the simulated market (synthetic prices, not real quotes).',
      'Prices are simulated.',
      'Approve covers every price from a credit of $1.20 down to $1.15 per share, and nothing worse.',
      'It can be placed in 2 seconds; the proposal expires in 57 seconds.',
    ]);
  });

  it('says the band in core’s words, the same the approval page shows', () => {
    const words = ticketWords(TICKET).split('\n');
    expect(words).toContain(TICKET.band?.words);
    expect(words).toContain(TICKET.band?.walkWords);
    expect(words).toContain(TICKET.band?.approveWords);
  });

  it('leaves out what the ticket does not know', () => {
    const words = ticketWords({
      ...TICKET,
      maxProfit: null,
      maxLoss: null,
      breakevens: [],
      pop: null,
      costs: null,
      buyingPower: null,
      flags: [],
      marketNotice: null,
      pricedOn: null,
      band: null,
      secondsUntilApprovable: 0,
      secondsLeft: 1,
    });
    expect(words).not.toContain('Prices from');

    expect(words).not.toContain('At expiry');
    expect(words).not.toContain('Fees');
    expect(words).not.toContain('Buying power');
    expect(words).not.toContain('⚠');
    expect(words).not.toContain('simulated.');
    expect(words).not.toContain('You approve');
    expect(words).not.toContain('Approve covers');
    expect(words.endsWith('The proposal expires in 1 second.')).toBe(true);
  });
});

describe("the payoff chart (apps/web's renderer, fed the ticket's payoff)", () => {
  const html = ticketMarkup(WIRE, { proposalId: TICKET.proposalId, approvalUrl: null });

  it("maps the answer's snake_case payoff back to core's curve", () => {
    expect(payoffCurve(WIRE.payoff!)).toEqual(TICKET.payoff);
  });

  it('draws in the ticket exactly the chart the approval page draws for the same curve', () => {
    expect(html).toContain(`<figure class="chart">${renderPayoffChart(TICKET.payoff!, `payoff-${TICKET.proposalId}`)}</figure>`);
  });

  it('prefixes the chart ids with the proposal, so two tickets on one page stay apart', () => {
    expect(html).toContain(`aria-labelledby="payoff-${TICKET.proposalId}-title payoff-${TICKET.proposalId}-desc"`);
  });

  it('draws the worst price’s curve beside the start’s, as the approval page does', () => {
    expect(payoffCurve(WIRE.payoff!).worst).toEqual(TICKET.payoff?.worst);
    expect(html).toContain('data-role="curve-worst"');
    expect(html).toContain('data-role="legend-worst"');
  });

  it('draws no chart when the ticket has no payoff', () => {
    expect(ticketMarkup({ ...WIRE, payoff: null }, { proposalId: TICKET.proposalId, approvalUrl: null })).not.toContain('<svg');
  });
});

describe('the ticket markup', () => {
  it('shows the legs, price, risk, account, time left, chart and the two buttons while it awaits approval', () => {
    const html = ticketMarkup(WIRE, { proposalId: TICKET.proposalId, approvalUrl: 'https://condor.example/approve/tok' });

    expect(html).toContain(`data-proposal-id="${TICKET.proposalId}"`);
    for (const leg of TICKET.legs) expect(html).toContain(leg.words);
    expect(html).toContain('a $1.20 credit per share ($120.00 for 1 contract), or better');
    expect(html).toContain('<dt>Max loss</dt><dd>−$380.00</dd>');
    expect(html).toContain('<dt>Probability of profit</dt><dd>62.0% (61.9% after costs)</dd>');
    expect(html).toContain(`<dt>Costs</dt><dd>${escapeHtml(TICKET.costs?.words ?? '')}</dd>`);
    expect(html).toContain('<dt>Buying power</dt><dd>$380.00 of options buying power (the wider wing less the credit); the most it can earn is 32% of that.</dd>');
    expect(html).toContain('<ul class="flags"><li data-flag="earnings_before_expiry">Earnings are due on 2026-12-10, before expiry: the price can gap past a short strike.</li></ul>');
    expect(html).toContain('Simulated paper account (simulated market)');
    expect(html).toContain('data-countdown="expires" data-seconds="57"');
    expect(html).toContain('It can be approved in 2 seconds.');
    expect(html).toContain('<svg');
    expect(html).toContain('data-action="approve"');
    expect(html).toContain('data-action="reject"');
    expect(html).toContain('href="https://condor.example/approve/tok"');
  });

  it('shows the band: the walk, a fill at the start beside one at the worst, and beside Approve the sentence and what it covers', () => {
    const html = ticketMarkup(WIRE, { proposalId: TICKET.proposalId, approvalUrl: null });
    const band = WIRE.band!;

    expect(html).toContain(`<p class="band-walk" data-mode="normal">${band.walk_words}</p>`);
    expect(html).toContain('<thead><tr><th scope="col">If it fills</th><th scope="col">At the start price</th><th scope="col">At the worst price</th></tr></thead>');
    expect(html).toContain('<tr><th scope="row">Max loss</th><td>$380.00</td><td>$385.00</td></tr>');
    expect(html).toContain('<tr><th scope="row">Breakevens</th><td>543.80 and 601.20</td><td>543.85 and 601.15</td></tr>');
    expect(html).toContain(`<p class="band-sentence"><strong>${band.words}</strong></p>`);
    const id = `band-approval-${TICKET.proposalId}`;
    expect(html).toContain(`<button type="button" data-action="approve" aria-describedby="${id}">Approve</button>`);
    expect(html).toContain(`<p class="band-approval" id="${id}">${band.approve_words}</p>`);
    expect(html.indexOf('band-sentence')).toBeLessThan(html.indexOf('data-action="approve"'));
  });

  it('shows no band for a proposal made before bands, and only the band approved once decided', () => {
    const older = ticketMarkup({ ...WIRE, band: null }, { proposalId: TICKET.proposalId, approvalUrl: null });
    expect(older).not.toContain('class="band');
    expect(older).not.toContain('aria-describedby');
    const placed = ticketMarkup(
      {
        ...WIRE,
        status: 'placed',
        status_words: TICKET_STATUS_WORDS.placed,
        approval: { method: 'app', at: '1970-01-01T00:00:07.000Z', user_id: 'u', client: null, address: null, credential_id: null, band: { start_price: -1.2, worst_price: -1.15, words: 'a credit of $1.20 down to $1.15 per share' } },
      },
      { proposalId: TICKET.proposalId, approvalUrl: null },
    );
    expect(placed).not.toContain('band-sentence');
    expect(placed).not.toContain('band-approval');
    expect(placed).toContain('<p class="approved-band">Price band approved: a credit of $1.20 down to $1.15 per share</p>');
  });

  it('leaves out a relative approval link: inside a host it leads nowhere', () => {
    expect(ticketMarkup(WIRE, { proposalId: TICKET.proposalId, approvalUrl: '/approve/tok' })).not.toContain('/approve/tok');
  });

  it('offers no buttons once the proposal is no longer awaiting approval', () => {
    const html = ticketMarkup({ ...WIRE, status: 'expired', status_words: TICKET_STATUS_WORDS.expired, seconds_left: 0 }, { proposalId: TICKET.proposalId, approvalUrl: null });

    expect(html).toContain('Expired: nothing was placed');
    expect(html).not.toContain('data-action');
    expect(html).not.toContain('data-countdown');
  });

  it('escapes every text it is given', () => {
    const html = ticketMarkup({ ...WIRE, headline: '<img src=x onerror=alert(1)>' }, { proposalId: '"><script>', approvalUrl: 'javascript:"x"' });

    expect(html).not.toContain('<img');
    expect(html).not.toContain('"><script>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('the text helpers', () => {
  it('formats money, durations and escapes', () => {
    expect(money(1234.5)).toBe('$1,234.50');
    expect(money(-380)).toBe('−$380.00');
    expect(duration(65)).toBe('1 minute 5 seconds');
    expect(duration(1)).toBe('1 second');
    expect(duration(-3)).toBe('0 seconds');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('reads the seconds until a ticket may be approved from its own fields', () => {
    expect(secondsUntilApprovable(WIRE)).toBe(2);
    expect(secondsUntilApprovable({ ...WIRE, seconds_left: 30 })).toBe(0);
  });
});
