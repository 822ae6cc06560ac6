import type { PushDevice, PushDeviceStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const T0 = 1_767_623_400_000;
const OWNER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';

const deviceId = (n: number): string => `7d000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Device `n`: a subscription at its own endpoint, added at T0 + n, never pushed to. */
const device = (n: number, given: Partial<PushDevice> = {}): PushDevice => ({
  id: deviceId(n),
  ownerId: OWNER,
  endpoint: `https://push.example/send/subscription-${String(n)}`,
  p256dh: `BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7Dk${String(n % 10)}`,
  auth: `tBHItJI5svbpez7KI4CCX${String(n)}`,
  name: 'Firefox on Linux',
  addedAt: T0 + n,
  lastPushAt: null,
  ...given,
});

/**
 * What every PushDeviceStore adapter must keep (design §18): subscriptions unique by endpoint, each person's listed and
 * removed by them only, and one whose push service said it is gone removed whoever owns it. `make` returns a fresh
 * store in which the users with `ownerIds` exist.
 */
export function pushDeviceStoreContract(adapter: string, make: (ownerIds: readonly string[]) => Promise<PushDeviceStore>): void {
  const fresh = () => make([OWNER, OTHER]);

  describe(`PushDeviceStore contract: ${adapter}`, () => {
    it('has no devices at first', async () => {
      const store = await fresh();
      expect(await store.list(OWNER)).toEqual([]);
      expect(await store.remove(OWNER, deviceId(1))).toBe(false);
    });

    it('gives devices back whole, the owner’s only, oldest first', async () => {
      const store = await fresh();
      for (const d of [device(3), device(1), device(2, { ownerId: OTHER, name: 'Safari on iPhone' }), device(4, { addedAt: T0 + 1 })]) {
        expect(await store.add(d)).toEqual(d);
      }
      expect(await store.list(OWNER)).toEqual([device(1), device(4, { addedAt: T0 + 1 }), device(3)]);
      expect(await store.list(OTHER)).toEqual([device(2, { ownerId: OTHER, name: 'Safari on iPhone' })]);
    });

    it('replaces the subscription stored under the same endpoint, keys, owner and name, keeping its id', async () => {
      const store = await fresh();
      await store.add(device(1));
      await store.pushed(deviceId(1), T0 + 50);
      const again = device(2, { endpoint: device(1).endpoint, ownerId: OTHER, p256dh: 'BOther', auth: 'other-secret', name: 'Chrome on Android', addedAt: T0 + 99 });
      const stored = await store.add(again);
      expect(stored).toEqual({ ...again, id: deviceId(1) });
      expect(await store.list(OWNER)).toEqual([]);
      expect(await store.list(OTHER)).toEqual([stored]);
      expect(await store.remove(OTHER, deviceId(2))).toBe(false);
      expect(await store.remove(OTHER, deviceId(1))).toBe(true);
    });

    it('removes a device only for its owner', async () => {
      const store = await fresh();
      await store.add(device(1));
      await store.add(device(2));
      expect(await store.remove(OTHER, deviceId(1))).toBe(false);
      expect(await store.list(OWNER)).toEqual([device(1), device(2)]);
      expect(await store.remove(OWNER, deviceId(1))).toBe(true);
      expect(await store.remove(OWNER, deviceId(1))).toBe(false);
      expect(await store.list(OWNER)).toEqual([device(2)]);
    });

    it('removes a gone subscription by its endpoint whoever owns it, and nothing for an unknown endpoint', async () => {
      const store = await fresh();
      await store.add(device(1));
      await store.add(device(2, { ownerId: OTHER }));
      await store.removeEndpoint('https://push.example/send/unknown');
      await store.removeEndpoint(device(2).endpoint);
      expect(await store.list(OTHER)).toEqual([]);
      expect(await store.list(OWNER)).toEqual([device(1)]);
    });

    it('notes the last push a device’s service accepted, on that device only', async () => {
      const store = await fresh();
      await store.add(device(1));
      await store.add(device(2));
      await store.pushed(deviceId(1), T0 + 100);
      await store.pushed(deviceId(1), T0 + 200);
      await store.pushed(deviceId(9), T0 + 300);
      expect(await store.list(OWNER)).toEqual([device(1, { lastPushAt: T0 + 200 }), device(2)]);
    });
  });
}
