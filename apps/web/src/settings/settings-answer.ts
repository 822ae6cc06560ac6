import { notificationSettings, paperPasskeySetting, personPricingDefaults, type Services } from '@condor/core';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SignedIn } from '../shared/layout.js';
import { sendPage } from '../shared/send-page.js';
import { NOTIFICATIONS_SCRIPT } from './notifications-script.js';
import { renderSettingsPage } from './settings-page.js';

/** The settings page as it is now for the person, with a notice or an error above its parts. */
export async function settingsPage(
  c: Context,
  services: Services,
  userId: string,
  signedIn: SignedIn,
  status: ContentfulStatusCode,
  message: { notice?: string | null; error?: string | null },
): Promise<Response> {
  const [pricing, paperPasskey, notifications] = await Promise.all([personPricingDefaults(services, userId), paperPasskeySetting(services, userId), notificationSettings(services, userId)]);
  return sendPage(c, status, {
    title: 'Settings',
    signedIn,
    script: NOTIFICATIONS_SCRIPT,
    fetchesSelf: true,
    registersWorker: true,
    body: renderSettingsPage({ pricing, paperPasskey, notifications, csrf: signedIn.csrf, ...message }),
  });
}
