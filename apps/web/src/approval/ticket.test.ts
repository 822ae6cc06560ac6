import { describe, expect, it } from 'vitest';
import { all, parsePage, text } from '../../test/dom.js';
import { SAMPLE_BAND, sampleTicket } from '../../test/tickets.js';
import { renderTicket } from './ticket.js';

const render = (overrides: Parameters<typeof sampleTicket>[0] = {}) => parsePage(`<body>${String(renderTicket(sampleTicket(overrides)))}</body>`);
const role = (doc: ReturnType<typeof render>, name: string): string => text(doc.querySelector(`[data-role="${name}"]`));

describe('renderTicket', () => {
  it('says what the order is, in words: headline, legs, price, quantity, risk, breakevens and POP', () => {
    const doc = render();
    expect(text(doc.querySelector('h1'))).toBe('Sell 1 SPY 2026-03-06 iron condor 650/655/723/728');
    expect(all(doc, 'ol.legs li').map(text)).toEqual([
      'Buy to open 1 SPY 650 put, expiring Fri 6 Mar 2026',
      'Sell to open 1 SPY 655 put, expiring Fri 6 Mar 2026',
      'Sell to open 1 SPY 723 call, expiring Fri 6 Mar 2026',
      'Buy to open 1 SPY 728 call, expiring Fri 6 Mar 2026',
    ]);
    expect(role(doc, 'price')).toBe('a $0.70 credit per share ($70.00 for 1 contract), or better');
    expect(role(doc, 'qty')).toBe('1 contract');
    expect([role(doc, 'max-profit'), role(doc, 'max-loss')]).toEqual(['$70.00', '$430.00']);
    expect(role(doc, 'breakevens')).toBe('654.30 and 723.70');
    expect(role(doc, 'pop')).toBe('68.4% (68.0% after costs)');
  });

  it('shows the costs, the buying power and what to know before approving', () => {
    const doc = render();
    expect(role(doc, 'costs')).toBe(
      'Fees and commission: $0.23 to open and $0.23 to close (estimated), $0.46 in all ($0.46 per contract); the credit after costs is $0.6954 per share.',
    );
    expect(role(doc, 'buying-power')).toBe('$430.00 of options buying power (the wider wing less the credit); the most it can earn is 16% of that.');
    expect(all(doc, '[data-role="flags"] li').map((li) => li.getAttribute('data-flag'))).toEqual(['holiday_before_expiry']);
  });

  it('leaves out costs, buying power and flags a proposal did not record', () => {
    const doc = render({ costs: null, buyingPower: null, flags: [], popAfterCosts: null });
    expect(doc.querySelector('[data-role="costs"]')).toBeNull();
    expect(doc.querySelector('[data-role="buying-power"]')).toBeNull();
    expect(doc.querySelector('[data-role="flags"]')).toBeNull();
    expect(role(doc, 'pop')).toBe('68%');
  });

  it('shows the account, the simulated-market notice and the time left with its countdown hook', () => {
    const doc = render();
    expect(role(doc, 'account')).toBe('Simulated paper account (simulated market)');
    expect(role(doc, 'market-notice')).toContain('simulator');
    expect(role(doc, 'priced-on')).toBe('the simulated market (synthetic prices, not real quotes)');
    expect(render({ pricedOn: null }).querySelector('[data-role="priced-on"]')).toBeNull();
    expect(doc.querySelector('[data-role="live-warning"]')).toBeNull();
    expect(doc.querySelector('[data-seconds-left]')?.getAttribute('data-seconds-left')).toBe('57');
    expect(role(doc, 'time-left')).toMatch(/^57 s \(expires Tuesday 10 February 2026, 10:01 New York time\)$/);
  });

  it('warns prominently, as an alert, when the order goes to a live account with real money', () => {
    const doc = render({ account: { broker: 'alpaca', environment: 'live', simulatedMarket: false, words: 'Alpaca live account (real money)' }, marketNotice: null });
    const warning = doc.querySelector('[data-role="live-warning"]');
    expect(warning?.getAttribute('role')).toBe('alert');
    expect(text(warning)).toContain('REAL MONEY');
    expect(text(warning)).toContain('up to the max loss at the worst price of the price band below.');
    const older = render({ band: null, account: { broker: 'alpaca', environment: 'live', simulatedMarket: false, words: 'Alpaca live account (real money)' }, marketNotice: null });
    expect(text(older.querySelector('[data-role="live-warning"]'))).toContain('up to the max loss below.');
    expect(doc.querySelector('[data-role="market-notice"]')).toBeNull();
    expect(doc.querySelector('[data-role="paper-notice"]')).toBeNull();
  });

  it('shows the price band: how the order walks it, and a fill at the start beside one at the worst price', () => {
    const doc = render();
    expect(role(doc, 'band-walk')).toBe(SAMPLE_BAND.walkWords);
    expect(role(doc, 'band-walk')).toContain('4 prices ($0.70, $0.69, $0.67, $0.65)');
    expect(all(doc, '[data-role="band-effect"] thead th').map(text)).toEqual(['If it fills', 'At the start price', 'At the worst price']);
    const rows = all(doc, '[data-role="band-effect"] tbody tr').map((tr) => all(tr, 'th, td').map(text));
    expect(rows).toEqual(SAMPLE_BAND.rows.map((r) => [r.label, r.atStart, r.atWorst]));
    // The 5-dollar wings less the credit, for one contract: $430 at $0.70, $435 at $0.65.
    expect(rows.find(([label]) => label === 'Max loss')).toEqual(['Max loss', '$430.00', '$435.00']);
    expect(rows.find(([label]) => label === 'Breakevens')).toEqual(['Breakevens', '654.30 and 723.70', '654.35 and 723.65']);
  });

  it('shows a one-price band without a comparison, and no band for a proposal made before bands', () => {
    const single = render({ band: { ...SAMPLE_BAND, worstPrice: SAMPLE_BAND.startPrice, rows: [], walkWords: 'The order is not walked.' } });
    expect(role(single, 'band-walk')).toBe('The order is not walked.');
    expect(single.querySelector('[data-role="band-effect"]')).toBeNull();
    const older = render({ band: null });
    expect(older.querySelector('[data-role="band-walk"]')).toBeNull();
    expect(older.querySelector('[data-role="band-effect"]')).toBeNull();
  });

  it('embeds the payoff chart, and leaves it out when there is no payoff', () => {
    expect(render().querySelector('figure svg[role="img"]')).not.toBeNull();
    expect(render({ payoff: null }).querySelector('figure')).toBeNull();
  });

  it('draws both curves when the band has two ends, and says so under the chart', () => {
    const doc = render();
    expect(doc.querySelector('figure svg [data-role="curve"]')).not.toBeNull();
    expect(doc.querySelector('figure svg [data-role="curve-worst"]')).not.toBeNull();
    expect(text(doc.querySelector('figcaption'))).toContain('at the worst price of the band (dashed line)');
    const plain = render({ payoff: { ...sampleTicket().payoff!, worst: null } });
    expect(plain.querySelector('figure svg [data-role="curve-worst"]')).toBeNull();
    expect(text(plain.querySelector('figcaption'))).not.toContain('dashed');
  });

  it('shows the approval evidence once placed, and no countdown', () => {
    const at = Date.UTC(2026, 1, 10, 15, 0, 7);
    const doc = render({ status: 'placed', approval: { method: 'page', at, userId: 'user-1', client: 'Mozilla/5.0 Chrome', address: '127.0.0.1' } });
    const evidence = doc.querySelector('[data-role="evidence"]');
    expect(evidence?.getAttribute('data-method')).toBe('page');
    expect(text(evidence)).toContain('Approved on the approval page');
    expect(text(evidence)).toContain('Mozilla/5.0 Chrome');
    expect(evidence?.querySelector('time')?.getAttribute('datetime')).toBe('2026-02-10T15:00:07.000Z');
    expect(evidence?.querySelector('[data-role="approved-band"]')).toBeNull();
    expect(doc.querySelector('[data-seconds-left]')).toBeNull();
    expect(doc.querySelector('[data-status]')?.getAttribute('data-status')).toBe('placed');
  });

  it('shows the band the approval covered in its evidence', () => {
    const approval = { method: 'page' as const, at: Date.UTC(2026, 1, 10, 15, 0, 7), userId: 'user-1', client: null, address: null, band: { startPrice: -0.7, worstPrice: -0.65 } };
    const doc = render({ status: 'placed', approval });
    expect(role(doc, 'approved-band')).toBe('a credit of $0.70 down to $0.65 per share');
  });

  it('escapes what it prints', () => {
    const doc = render({ headline: '<script>alert(1)</script>' });
    expect(doc.querySelector('script')).toBeNull();
    expect(text(doc.querySelector('h1'))).toBe('<script>alert(1)</script>');
  });
});
