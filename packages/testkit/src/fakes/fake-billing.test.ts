import { describe, expect, it } from 'vitest';
import { FakeBilling } from './fake-billing.js';

describe('FakeBilling', () => {
  it('activates as the instant provider and records every call', async () => {
    const billing = new FakeBilling();
    expect(billing.provider).toBe('instant');
    expect(billing.description).toMatch(/no payment/);
    expect(await billing.activate('u1', 'premium')).toBe(true);
    await billing.cancel('u1', 'premium');
    expect(billing.calls).toEqual([
      { method: 'activate', userId: 'u1', plan: 'premium' },
      { method: 'cancel', userId: 'u1', plan: 'premium' },
    ]);
  });

  it('refuses activation when told to', async () => {
    const billing = new FakeBilling(true);
    expect(await billing.activate('u1', 'premium')).toBe(false);
    billing.refuse = false;
    expect(await billing.activate('u1', 'premium')).toBe(true);
  });
});
