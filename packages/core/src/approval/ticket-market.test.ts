import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { entryProposal } from './approval-fixture.js';
import { loadTicket } from './load-ticket.js';

const ALPACA_PAPER = { session: 'regular', source: 'alpaca:paper', source_words: "your Alpaca account's market (paper), read with your own link" };

describe("a ticket and the market it was priced on (design §17)", () => {
  it('names the market, and is blocked — no approval asked — once the person trades on another', async () => {
    const services = createTestServices();
    const now = services.clock.now();
    const proposal = entryProposal({ id: '7d1c4a52-0c51-4a9b-9a43-5d0c8a1f3e10', ownerId: 'u1', createdAt: now, details: { market_session: ALPACA_PAPER } });
    await services.brokerLinks.put({ ownerId: 'u1', broker: 'sim', environment: 'paper', apiKey: null, apiSecret: null, keyHint: null, connectedAt: now, updatedAt: now });
    const ticket = (await loadTicket(services, proposal))._unsafeUnwrap();
    expect(ticket.pricedOn).toBe(ALPACA_PAPER.source_words);
    expect(ticket.status).toBe('blocked');
    expect(ticket.statusWords).toContain("This proposal was priced on your Alpaca account's market (paper), read with your own link, but your account now trades on the simulated market");
  });

  it('waits for the person as usual while the market is the one it was priced on', async () => {
    const services = createTestServices();
    const now = services.clock.now();
    const details = { market_session: { session: 'regular', source: 'simulated', source_words: 'the simulated market (synthetic prices, not real quotes)' } };
    const proposal = entryProposal({ id: '7d1c4a52-0c51-4a9b-9a43-5d0c8a1f3e11', ownerId: 'u1', createdAt: now, details });
    await services.brokerLinks.put({ ownerId: 'u1', broker: 'sim', environment: 'paper', apiKey: null, apiSecret: null, keyHint: null, connectedAt: now, updatedAt: now });
    expect((await loadTicket(services, proposal))._unsafeUnwrap().status).toBe('awaiting_approval');
  });
});
