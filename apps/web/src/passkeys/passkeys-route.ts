import {
  finishPasskeyRegistration,
  listPasskeys,
  PASSKEY_REFUSAL_WORDS,
  removePasskey,
  renamePasskey,
  startAddingPasskey,
  type PasskeyRefusal,
  type Services,
} from '@condor/core';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import type { SignedIn } from '../shared/layout.js';
import { pageGuard } from '../shared/page-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { renderPasskeysPage } from './passkeys-page.js';
import { PASSKEYS_SCRIPT } from './passkeys-script.js';
import { REFUSAL_STATUS } from './refusal-status.js';
import { WEBAUTHN_BUNDLE_PATH, webauthnBundle } from './webauthn-bundle.js';

const PAGE = '/passkeys';

const NOTICES: Readonly<Record<string, string>> = {
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
};

const parsed = (text: string | null): unknown => {
  try {
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
};

/**
 * `GET /passkeys` (the person's passkeys), the WebAuthn library at `/passkeys/webauthn.js`, the registration
 * ceremony's two posts (options — only for the password typed again — then the browser's answer; both answer JSON
 * to the page's script) and the rename
 * and remove forms. Only a browser session opens them; every post needs its CSRF token and this origin.
 */
export function mountPasskeys(app: Hono<WebEnv>, services: Services): void {
  app.get(WEBAUTHN_BUNDLE_PATH, (c) => c.body(webauthnBundle(), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));

  app.get(PAGE, pageGuard(services), async (c) => {
    const { caller, signedIn } = c.get('session');
    const done = Object.keys(NOTICES).find((key) => c.req.query(key) !== undefined);
    return passkeysPage(c, services, caller.userId, signedIn, 200, { notice: done === undefined ? null : NOTICES[done] ?? null });
  });

  app.post(`${PAGE}/register/options`, formGuard(services), async (c) => {
    const { caller, form } = c.get('post');
    const started = await startAddingPasskey(services, { userId: caller.userId, email: caller.email, password: field(form, 'password') });
    if (started.isErr()) return refusedJson(c, started.error);
    return c.json({ options: started.value.options }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post(`${PAGE}/register`, formGuard(services), async (c) => {
    const { caller, form } = c.get('post');
    const added = await finishPasskeyRegistration(services, {
      userId: caller.userId,
      challenge: field(form, 'challenge') ?? '',
      response: parsed(field(form, 'response')),
      name: field(form, 'name'),
    });
    if (added.isErr()) return refusedJson(c, added.error);
    services.logger.info('passkey_added', { userId: caller.userId });
    return c.json({ ok: true, name: added.value.name }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post(`${PAGE}/rename`, formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const renamed = await renamePasskey(services, { userId: caller.userId, id: field(form, 'id') ?? '', name: field(form, 'name') });
    if (renamed.isErr()) return passkeysPage(c, services, caller.userId, signedIn, REFUSAL_STATUS[renamed.error], { error: PASSKEY_REFUSAL_WORDS[renamed.error] });
    return c.redirect(`${PAGE}?renamed=1`, 303);
  });

  app.post(`${PAGE}/remove`, formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const removed = await removePasskey(services, { userId: caller.userId, sessionDigest: caller.sessionDigest, id: field(form, 'id') ?? '', password: field(form, 'password') });
    if (removed.isErr()) return passkeysPage(c, services, caller.userId, signedIn, REFUSAL_STATUS[removed.error], { error: PASSKEY_REFUSAL_WORDS[removed.error] });
    services.logger.info('passkey_removed', { userId: caller.userId });
    return c.redirect(`${PAGE}?removed=1`, 303);
  });
}

const refusedJson = (c: Context, refusal: PasskeyRefusal): Response =>
  c.json({ error: PASSKEY_REFUSAL_WORDS[refusal], reason: refusal }, REFUSAL_STATUS[refusal], { 'Cache-Control': 'no-store' });

async function passkeysPage(
  c: Context,
  services: Services,
  userId: string,
  signedIn: SignedIn,
  status: ContentfulStatusCode,
  message: { notice?: string | null; error?: string | null },
): Promise<Response> {
  const passkeys = await listPasskeys(services, userId);
  return sendPage(c, status, { title: 'Passkeys', signedIn, fetchesSelf: true, script: PASSKEYS_SCRIPT, body: renderPasskeysPage({ passkeys, csrf: signedIn.csrf, ...message }) });
}
