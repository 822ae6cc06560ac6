import { personPricingDefaults, setPersonPricingDefaults, type Services } from '@condor/core';
import type { Context, Hono } from 'hono';
import { pageStatus } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import type { SignedIn } from '../shared/layout.js';
import { pageGuard } from '../shared/page-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { renderSettingsPage } from './settings-page.js';

const PAGE = '/settings';

/**
 * `GET /settings` (the person's default price band) and `POST /settings/pricing` (saves it). Only a browser session
 * opens them, and every post needs its CSRF token and this origin: no agent sets a person's default band.
 */
export function mountSettings(app: Hono<WebEnv>, services: Services): void {
  app.get(PAGE, pageGuard(services), async (c) => {
    const { caller, signedIn } = c.get('session');
    const notice = c.req.query('saved') === undefined ? null : 'Saved: proposals from now on use this band unless they set their own.';
    return settingsPage(c, services, caller.userId, signedIn, 200, { notice });
  });

  app.post(`${PAGE}/pricing`, formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const saved = await setPersonPricingDefaults(services, caller.userId, { mode: field(form, 'mode') ?? undefined, worstFromMid: field(form, 'worst_from_mid') ?? undefined });
    if (saved.isErr()) return settingsPage(c, services, caller.userId, signedIn, pageStatus(saved.error), { error: saved.error.message ?? 'The band was not saved.' });
    return c.redirect(`${PAGE}?saved=1`, 303);
  });
}

async function settingsPage(
  c: Context,
  services: Services,
  userId: string,
  signedIn: SignedIn,
  status: Parameters<typeof sendPage>[1],
  message: { notice?: string | null; error?: string | null },
): Promise<Response> {
  const pricing = await personPricingDefaults(services, userId);
  return sendPage(c, status, { title: 'Settings', signedIn, body: renderSettingsPage({ pricing, csrf: signedIn.csrf, ...message }) });
}
