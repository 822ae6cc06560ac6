import {
  addPersonDevice,
  changePassword,
  PASSWORD_CHANGE_WORDS,
  removePersonDevice,
  renderError,
  sendVerificationMail,
  setPersonPreferences,
  VERIFICATION_MAIL_WORDS,
  type Services,
} from '@condor/core';
import type { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { pageStatus } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import type { WebEnv } from '../shared/web-env.js';
import { DEVICES_PATH } from './notifications-part.js';
import { PASSWORD_CHANGE_STATUS, VERIFICATION_MAIL_STATUS } from './refusal-statuses.js';
import { settingsPage } from './settings-answer.js';

/**
 * The notifications' and password's posts of the settings page: `POST /settings/devices` (the page's script sends the
 * browser's push subscription; JSON back, the contract's error shape when refused), `POST /settings/devices/remove`,
 * `POST /settings/notifications` (the choices), `POST /settings/verification-mail` and `POST /settings/password`. Each
 * needs a browser session, its CSRF token and this origin (the form guard); the forms answer with the settings page.
 */
export function mountNotificationSettings(app: Hono<WebEnv>, services: Services): void {
  app.post(DEVICES_PATH, formGuard(services), async (c) => {
    const { caller, form } = c.get('post');
    const added = await addPersonDevice(services, { userId: caller.userId, subscription: form['subscription'], userAgent: c.req.header('user-agent') ?? null });
    if (added.isErr()) {
      const { status, body } = renderError(added.error);
      return c.json(body, status as ContentfulStatusCode, { 'Cache-Control': 'no-store' });
    }
    services.logger.info('push_device_added', { userId: caller.userId, deviceId: added.value.id });
    return c.json({ device: added.value }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post(`${DEVICES_PATH}/remove`, formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const removed = await removePersonDevice(services, caller.userId, field(form, 'id') ?? '');
    if (removed.isErr()) return settingsPage(c, services, caller.userId, signedIn, pageStatus(removed.error), { error: removed.error.message ?? 'The device was not removed.' });
    services.logger.info('push_device_removed', { userId: caller.userId });
    return c.redirect('/settings?device_removed=1#notifications', 303);
  });

  app.post('/settings/notifications', formGuard(services), async (c) => {
    const { caller, form } = c.get('post');
    const ticked = new Set(Object.keys(form).filter((name) => field(form, name) === 'yes'));
    await setPersonPreferences(services, caller.userId, ticked);
    return c.redirect('/settings?notifications_saved=1#notifications', 303);
  });

  app.post('/settings/verification-mail', formGuard(services), async (c) => {
    const { caller, signedIn } = c.get('post');
    const sent = await sendVerificationMail(services, caller.userId);
    if (sent.isErr()) return settingsPage(c, services, caller.userId, signedIn, VERIFICATION_MAIL_STATUS[sent.error], { error: VERIFICATION_MAIL_WORDS[sent.error] });
    services.logger.info('verification_mail_sent', { userId: caller.userId });
    return c.redirect('/settings?verification_sent=1#notifications', 303);
  });

  app.post('/settings/password', formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const changed = await changePassword(services, {
      userId: caller.userId,
      sessionDigest: caller.sessionDigest,
      current: field(form, 'current_password'),
      next: field(form, 'new_password'),
      repeated: field(form, 'repeat_password'),
    });
    if (changed.isErr()) return settingsPage(c, services, caller.userId, signedIn, PASSWORD_CHANGE_STATUS[changed.error], { error: PASSWORD_CHANGE_WORDS[changed.error] });
    services.logger.info('password_changed', { userId: caller.userId, ...changed.value });
    return c.redirect('/settings?password_changed=1#password', 303);
  });
}
