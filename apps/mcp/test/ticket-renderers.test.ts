import { describe, expect, it } from 'vitest';
import { ticketWords } from '../src/approval/ticket-words.js';
import { duration, escapeHtml, money } from '../src/apps/html-text.js';
import { payoffSvg } from '../src/apps/payoff-svg.js';
import { ticketMarkup } from '../src/apps/ticket-markup.js';
import { secondsUntilApprovable } from '../src/apps/ticket-wire.js';
import { TICKET, WIRE } from './ticket-fixture.js';

describe('the elicitation message (the ticket in words)', () => {
  it('says what would be placed, at what price, what it can win and lose, where, and for how long', () => {
    const words = ticketWords(TICKET);

    expect(words.split('\n')).toEqual([
      'Approve this order? Nothing is placed unless you approve it.',
      'Sell 1 SPY 2026-12-18 iron condor 540/545/600/605',
      'Price: a $1.20 credit per share ($120.00 for 1 contract), or better.',
      '• Buy to open 1 SPY 540 put, expiring Fri 18 Dec 2026',
      '• Sell to open 1 SPY 545 put, expiring Fri 18 Dec 2026',
      '• Sell to open 1 SPY 600 call, expiring Fri 18 Dec 2026',
      '• Buy to open 1 SPY 605 call, expiring Fri 18 Dec 2026',
      'At expiry: max profit $120.00, max loss $380.00, breakevens 543.80 and 601.20, probability of profit 62%.',
      'Account: Simulated paper account (simulated market).',
      'Prices are simulated.',
      'It can be placed in 2 seconds; the proposal expires in 57 seconds.',
    ]);
  });

  it('leaves out what the ticket does not know', () => {
    const words = ticketWords({ ...TICKET, maxProfit: null, maxLoss: null, breakevens: [], pop: null, marketNotice: null, secondsUntilApprovable: 0, secondsLeft: 1 });

    expect(words).not.toContain('At expiry');
    expect(words).not.toContain('simulated.');
    expect(words.endsWith('The proposal expires in 1 second.')).toBe(true);
  });
});

describe('the payoff chart (inline SVG)', () => {
  const svg = payoffSvg(WIRE.payoff!, 'p1');

  it('draws the payoff line through every point, profit and loss shaded on either side of zero', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<polyline class="payoff-line" points="([^"]+)"/)?.[1]?.split(' ')).toHaveLength(6);
    expect(svg).toContain('class="profit"');
    expect(svg).toContain('clip-path="url(#p1-above)"');
    expect(svg).toContain('class="loss"');
    expect(svg).toContain('clip-path="url(#p1-below)"');
  });

  it('labels the breakevens, the spot and the dollar axis, and describes itself for screen readers', () => {
    expect(svg).toContain('breakeven 543.80');
    expect(svg).toContain('breakeven 601.20');
    expect(svg).toContain('spot 570.01');
    expect(svg).toContain('$120.00');
    expect(svg).toContain('−$380.00');
    expect(svg).toMatch(/aria-label="Profit or loss at expiry[^"]*at most \$120\.00 profit, at most −\$380\.00, breakevens 543\.80 and 601\.20\."/);
  });

  it('loads nothing from anywhere (no href, no external reference)', () => {
    expect(svg).not.toMatch(/href|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it('leaves the spot out when it is off the chart, and draws nothing for a degenerate curve', () => {
    expect(payoffSvg({ ...WIRE.payoff!, spot: 700 })).not.toContain('spot');
    expect(payoffSvg({ ...WIRE.payoff!, points: [{ price: 1, pnl: 0 }] })).toBe('');
  });
});

describe('the ticket markup', () => {
  it('shows the legs, price, risk, account, time left, chart and the two buttons while it awaits approval', () => {
    const html = ticketMarkup(WIRE, { proposalId: TICKET.proposalId, approvalUrl: 'https://condor.example/approve/tok' });

    expect(html).toContain(`data-proposal-id="${TICKET.proposalId}"`);
    for (const leg of TICKET.legs) expect(html).toContain(leg.words);
    expect(html).toContain('a $1.20 credit per share ($120.00 for 1 contract), or better');
    expect(html).toContain('<dt>Max loss</dt><dd>−$380.00</dd>');
    expect(html).toContain('<dt>Probability of profit</dt><dd>62%</dd>');
    expect(html).toContain('Simulated paper account (simulated market)');
    expect(html).toContain('data-countdown="expires" data-seconds="57"');
    expect(html).toContain('It can be approved in 2 seconds.');
    expect(html).toContain('<svg');
    expect(html).toContain('data-action="approve"');
    expect(html).toContain('data-action="reject"');
    expect(html).toContain('href="https://condor.example/approve/tok"');
  });

  it('leaves out a relative approval link: inside a host it leads nowhere', () => {
    expect(ticketMarkup(WIRE, { proposalId: TICKET.proposalId, approvalUrl: '/approve/tok' })).not.toContain('/approve/tok');
  });

  it('offers no buttons once the proposal is no longer awaiting approval', () => {
    const html = ticketMarkup({ ...WIRE, status: 'expired', seconds_left: 0 }, { proposalId: TICKET.proposalId, approvalUrl: null });

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
