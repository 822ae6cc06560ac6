import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CORE_CONFIG } from '../services.js';
import { tradingTerms, tradingTermsView } from './trading-terms.js';

describe('tradingTerms: the broker, fill and commission a person’s backtests trade with', () => {
  it('without a link or a band: the simulated broker, the natural price, the deployment’s commission', async () => {
    const services = createTestServices({ config: { ...DEFAULT_CORE_CONFIG, commissionPerContract: 0.65 } });
    const terms = await tradingTerms(services, 'u1');
    expect(terms).toEqual({ broker: 'sim', execution: { fill: { kind: 'natural' }, commissionPerContract: 0.65 } });
    const view = tradingTermsView(terms);
    expect(view).toMatchObject({ broker: 'sim', fill: 'natural', worst_from_mid: null, commission_per_contract: 0.65 });
    expect(view.fee_table).toMatch(/Regulatory Fees.*as of/);
    expect(view.words).toMatch(/^Fills at the natural price .* \$0\.65 commission a contract .* simulated broker\. Every P\/L is after them\.$/);
  });

  it('with a default band on /settings and an Alpaca link: fills at the band’s worst price, Alpaca’s costs', async () => {
    const services = createTestServices();
    await services.userSettings.setPricingDefaults('u2', { mode: 'patient', worstFromMid: 0.03 }, 1);
    await services.brokerLinks.put({ ownerId: 'u2', broker: 'alpaca', environment: 'paper', apiKey: null, apiSecret: null, keyHint: null, connectedAt: 1, updatedAt: 1 });
    const terms = await tradingTerms(services, 'u2');
    expect(terms.broker).toBe('alpaca');
    expect(terms.execution.fill).toEqual({ kind: 'band', worstFromMid: 0.03 });
    const view = tradingTermsView(terms);
    expect(view).toMatchObject({ broker: 'alpaca', fill: 'band', worst_from_mid: 0.03 });
    expect(view.words).toMatch(/^Fills at the worst price of your default band, \$0\.03 a share from the mid .* Alpaca broker\./);
  });
});
