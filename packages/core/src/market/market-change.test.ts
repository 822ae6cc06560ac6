import { describe, expect, it } from 'vitest';
import { marketChanged, onItsMarket, pricedOn } from './market-change.js';
import { SIMULATED_SOURCE } from './market-sources.js';

const TASTYTRADE = { id: 'tastytrade:live', simulated: false, words: "your tastytrade account's market (live), read with your own link" };
const details = (source: string, words: string) => ({ summary: 'x', market_session: { session: 'regular', source, source_words: words } });

describe('the market a proposal was priced on', () => {
  it('reads the source its answer showed, and none from a proposal made before sources were named', () => {
    expect(pricedOn(details('simulated', 'the simulated market'))).toEqual({ id: 'simulated', words: 'the simulated market' });
    expect(pricedOn({ market_session: { session: 'regular' } })).toBeNull();
    expect(pricedOn({ market_session: ['simulated'] })).toBeNull();
    expect(pricedOn({})).toBeNull();
  });

  it('lets a proposal go on its own market, and refuses it on another, naming both', () => {
    const priced = { id: 'p1', details: details(TASTYTRADE.id, TASTYTRADE.words) };
    expect(onItsMarket(priced, TASTYTRADE).isOk()).toBe(true);
    const refused = marketChanged(priced.id, priced.details, SIMULATED_SOURCE);
    expect(refused).toMatchObject({ code: 'ENTRY_REJECTED', received: { proposal_id: 'p1', priced_on: 'tastytrade:live', market_now: 'simulated' } });
    expect(refused?.message).toBe(
      "This proposal was priced on your tastytrade account's market (live), read with your own link, but your account now trades on the simulated market (synthetic prices, not real quotes): its prices are not that market's. Nothing was placed.",
    );
    expect(onItsMarket(priced, SIMULATED_SOURCE).isErr()).toBe(true);
    expect(onItsMarket({ id: 'old', details: {} }, SIMULATED_SOURCE).isOk()).toBe(true);
  });
});
