import { PASSKEY_REFUSAL_WORDS, setPaperPasskeyApprovals, setPersonPricingDefaults, type Services } from '@condor/core';
import type { Hono } from 'hono';
import { pageStatus } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import { pageGuard } from '../shared/page-guard.js';
import type { WebEnv } from '../shared/web-env.js';
import { REFUSAL_STATUS } from '../passkeys/refusal-status.js';
import { mountNotificationSettings } from './notifications-route.js';
import { settingsPage } from './settings-answer.js';

const PAGE = '/settings';

const NOTICES: Readonly<Record<string, string>> = {
  saved: 'Saved: proposals from now on use this band unless they set their own.',
  passkey_on: 'From now on, approving a paper order needs your passkey.',
  passkey_off: 'Paper orders no longer need your passkey to approve.',
  device_added: 'Notifications are on for this device.',
  device_removed: 'The device will get no more notifications.',
  notifications_saved: 'Saved: condor tells you these news on these channels from now on.',
  verification_sent: 'condor mailed you a link: open it within 24 hours to verify your address.',
  password_changed: 'Your password was changed, and you were logged out everywhere else. This browser stays logged in.',
};

/**
 * `GET /settings` (the person's default price band, paper passkey setting, notifications and password), `POST
 * /settings/pricing` (saves the band) and `POST /settings/passkey` (turns the setting on, or off with the password);
 * the notifications' and password's posts are in `notifications-route.ts`. Only a browser session opens them, and every
 * post needs its CSRF token and this origin: no agent sets a person's default band or approval rule.
 */
export function mountSettings(app: Hono<WebEnv>, services: Services): void {
  app.get(PAGE, pageGuard(services), async (c) => {
    const { caller, signedIn } = c.get('session');
    const done = Object.keys(NOTICES).find((key) => c.req.query(key) !== undefined);
    return settingsPage(c, services, caller.userId, signedIn, 200, { notice: done === undefined ? null : NOTICES[done] ?? null });
  });

  app.post(`${PAGE}/pricing`, formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const saved = await setPersonPricingDefaults(services, caller.userId, { mode: field(form, 'mode') ?? undefined, worstFromMid: field(form, 'worst_from_mid') ?? undefined });
    if (saved.isErr()) return settingsPage(c, services, caller.userId, signedIn, pageStatus(saved.error), { error: saved.error.message ?? 'The band was not saved.' });
    return c.redirect(`${PAGE}?saved=1`, 303);
  });

  app.post(`${PAGE}/passkey`, formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const on = field(form, 'on') === 'yes';
    const set = await setPaperPasskeyApprovals(services, { userId: caller.userId, sessionDigest: caller.sessionDigest, on, password: field(form, 'password') });
    if (set.isErr()) return settingsPage(c, services, caller.userId, signedIn, REFUSAL_STATUS[set.error], { error: PASSKEY_REFUSAL_WORDS[set.error] });
    services.logger.info(on ? 'paper_passkey_on' : 'paper_passkey_off', { userId: caller.userId });
    return c.redirect(`${PAGE}?${on ? 'passkey_on' : 'passkey_off'}=1`, 303);
  });

  mountNotificationSettings(app, services);
}
