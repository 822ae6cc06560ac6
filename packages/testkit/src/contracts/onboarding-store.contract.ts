import type { DocumentEvent, OnboardingStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const T0 = 1_767_623_400_000;
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';

/**
 * The behaviour every OnboardingStore adapter must show. `make` returns a fresh, empty store in which
 * the user with `ownerId` exists (stores that enforce references need the owner first).
 */
export function onboardingStoreContract(adapter: string, make: (ownerId: string) => Promise<OnboardingStore>): void {
  const event = (overrides: Partial<DocumentEvent> = {}): DocumentEvent => ({
    userId: USER,
    document: 'eua',
    version: '1.0',
    at: T0,
    ...overrides,
  });

  describe(`OnboardingStore contract: ${adapter}`, () => {
    it('knows which version of which document a user read', async () => {
      const store = await make(USER);
      expect(await store.hasRead(USER, 'eua', '1.0')).toBe(false);
      await store.recordRead(event());
      expect(await store.hasRead(USER, 'eua', '1.0')).toBe(true);
      expect(await store.hasRead(USER, 'eua', '1.1')).toBe(false);
      expect(await store.hasRead(USER, 'risk-disclosure', '1.0')).toBe(false);
      expect(await store.hasRead(OTHER, 'eua', '1.0')).toBe(false);
    });

    it('takes the same read again, also concurrently, without error', async () => {
      const store = await make(USER);
      await store.recordRead(event());
      await store.recordRead(event({ at: T0 + 5 }));
      await Promise.all(Array.from({ length: 10 }, (_, i) => store.recordRead(event({ at: T0 + 10 + i }))));
      expect(await store.hasRead(USER, 'eua', '1.0')).toBe(true);
    });

    it('records an acceptance once per version and keeps the first time', async () => {
      const store = await make(USER);
      expect(await store.recordAcceptance(event({ at: T0 }))).toBe('recorded');
      expect(await store.recordAcceptance(event({ at: T0 + 5 }))).toBe('already');
      expect(await store.acceptances(USER)).toEqual([event({ at: T0 })]);
      expect(await store.recordAcceptance(event({ version: '1.1', at: T0 + 10 }))).toBe('recorded');
      expect(await store.recordAcceptance(event({ version: '1.1', at: T0 + 20 }))).toBe('already');
    });

    it('lists every acceptance of the user, any version and document, oldest first', async () => {
      const store = await make(USER);
      expect(await store.acceptances(USER)).toEqual([]);
      await store.recordAcceptance(event({ document: 'risk-disclosure', version: '2.0', at: T0 + 20 }));
      await store.recordAcceptance(event({ at: T0 }));
      await store.recordAcceptance(event({ version: '1.1', at: T0 + 10 }));
      expect(await store.acceptances(USER)).toEqual([
        event({ at: T0 }),
        event({ version: '1.1', at: T0 + 10 }),
        event({ document: 'risk-disclosure', version: '2.0', at: T0 + 20 }),
      ]);
      expect(await store.acceptances(OTHER)).toEqual([]);
    });

    it('records exactly one of many concurrent acceptances of one version', async () => {
      const store = await make(USER);
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => store.recordAcceptance(event({ at: T0 + i }))));
      expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(1);
      expect(await store.acceptances(USER)).toHaveLength(1);
    });
  });
}
