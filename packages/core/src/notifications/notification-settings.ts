import type { Services } from '../services.js';
import { listPersonDevices, type DeviceView } from './person-devices.js';
import { personPreferences } from './person-preferences.js';
import type { NewsPreferences } from './preferences.js';
import { addressView, type AddressView } from './verify-email.js';

/** The notifications part of the person's settings page (design §18): one view, the page only formats it. */
export interface NotificationSettingsView {
  /** The VAPID public key a device subscribes with; null when this condor has no push (no VAPID key). */
  readonly pushKey: string | null;
  readonly devices: readonly DeviceView[];
  readonly preferences: NewsPreferences;
  /** The account's address and whether it is verified; null only for an account gone meanwhile. */
  readonly address: AddressView | null;
}

export async function notificationSettings(services: Pick<Services, 'push' | 'pushDevices' | 'newsPreferences' | 'users' | 'mail'>, userId: string): Promise<NotificationSettingsView> {
  const [devices, preferences, address] = await Promise.all([
    listPersonDevices(services, userId).match((list) => list, (never) => never),
    personPreferences(services, userId).match((chosen) => chosen, (never) => never),
    addressView(services, userId),
  ]);
  return { pushKey: services.push?.publicKey ?? null, devices, preferences, address };
}
