import { paperPasskeySetting, PASSKEY_REFUSAL_WORDS, personPricingDefaults, setPaperPasskeyApprovals, setPersonPricingDefaults, type Services } from '@condor/core';
import type { Context, Hono } from 'hono';
import { pageStatus } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import type { SignedIn } from '../shared/layout.js';
import { pageGuard } from '../shared/page-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { REFUSAL_STATUS } from '../passkeys/refusal-status.js';
import { renderSettingsPage } from './settings-page.js';

const PAGE = '/settings';

const NOTICES: Readonly<Record<string, string>> = {
  saved: 'Saved: proposals from now on use this band unless they set their own.',
  passkey_on: 'From now on, approving a paper order needs your passkey.',
  passkey_off: 'Paper orders no longer need your passkey to approve.',
};

/**
 * `GET /settings` (the person's default price band and paper passkey setting), `POST /settings/pricing` (saves the
 * band) and `POST /settings/passkey` (turns the setting on, or off with the password). Only a browser session opens
 * them, and every post needs its CSRF token and this origin: no agent sets a person's default band or approval rule.
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
}

async function settingsPage(
  c: Context,
  services: Services,
  userId: string,
  signedIn: SignedIn,
  status: Parameters<typeof sendPage>[1],
  message: { notice?: string | null; error?: string | null },
): Promise<Response> {
  const [pricing, paperPasskey] = await Promise.all([personPricingDefaults(services, userId), paperPasskeySetting(services, userId)]);
  return sendPage(c, status, { title: 'Settings', signedIn, body: renderSettingsPage({ pricing, paperPasskey, csrf: signedIn.csrf, ...message }) });
}
