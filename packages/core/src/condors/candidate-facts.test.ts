import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { candidateFacts } from './candidate-facts.js';
import { syntheticChains } from './chain-fixture.js';
import { condorPop } from './scoring.js';
import { searchIronCondors } from './search.js';

const market = { spot: 100, rate: 0.04, dividendYield: 0.01 };
const criteria = {
  shortDeltaMin: 0.1,
  shortDeltaMax: 0.3,
  widths: [1, 2, 5],
  minCredit: 0.05,
  minCreditToWidth: 0,
  maxLegSpread: 5,
  minOpenInterest: 0,
  sortBy: 'pop' as const,
  topK: 10,
};

test.prop([fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(0, 0.65, 1)])(
  'POP and EV after costs are below POP and EV before by exactly the cost effect: the credit less the costs per share',
  (seed, commission) => {
    const condors = searchIronCondors(market, syntheticChains(market, { expiries: 2, strikes: 40, step: 1, seed }), criteria);
    expect(condors.length).toBeGreaterThan(0);
    for (const condor of condors) {
      const facts = candidateFacts(condor, { market, commissionPerContract: commission, now: 0, session: 'regular', events: { earnings: [], dividends: [] } });
      const perShare = facts.costs.per_share;
      expect(perShare).toBeGreaterThan(0);
      expect(facts.expectedValueAfterCosts).toBeCloseTo(condor.expectedValue - facts.costs.total / 100, 12);
      expect(facts.expectedValueAfterCosts).toBeLessThan(condor.expectedValue);
      expect(facts.popAfterCosts).toBe(condorPop(market, condor, condor.put, condor.call, condor.credit - facts.costs.total / 100));
      expect(facts.popAfterCosts).toBeLessThan(condor.pop);
      expect(facts.costs.net_credit_after_costs).toBeCloseTo(condor.credit - facts.costs.total / 100, 6);
      expect(facts.buyingPower.reduction).toBeCloseTo((condor.width - condor.credit) * 100, 2);
    }
  },
);
