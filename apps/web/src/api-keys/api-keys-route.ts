import { createPersonKey, personKeys, revokePersonKey, startPersonKeyPasskey, type Services } from '@condor/core';
import type { Context, Hono } from 'hono';
import { pageStatus, sendErrorPage } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import type { SignedIn } from '../shared/layout.js';
import { pageGuard } from '../shared/page-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { passkeyAnswer } from '../passkeys/passkey-answer.js';
import { STEP_UP_SCRIPT } from '../passkeys/step-up-script.js';
import { keyRequestOf } from './api-keys-form.js';
import { renderKeyCreated, renderKeysPage } from './api-keys-page.js';

const PAGE = '/api-keys';

/**
 * `GET /api-keys` (the person's keys and the create form), `POST /api-keys` (creates one and shows it this once; the
 * trade scope with the passkey, once the person has one), `POST /api-keys/passkey` (the passkey's options for the
 * form's key, JSON for the page's script), `POST /api-keys/revoke` (revokes one, and the keys it created). Only a browser session opens them — an access
 * token or an API key in `Authorization` opens nothing — and every post needs its CSRF token and this origin.
 */
export function mountApiKeys(app: Hono<WebEnv>, services: Services): void {
  app.get(PAGE, pageGuard(services), async (c) => {
    const { caller, signedIn } = c.get('session');
    const notice = c.req.query('revoked') === undefined ? null : 'Revoked: the key, and any key it created, no longer works.';
    return keysPage(c, services, caller.userId, signedIn, 200, { notice });
  });

  app.post(PAGE, formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const created = await createPersonKey(services, caller.userId, keyRequestOf(form), passkeyAnswer(field(form, 'passkey_challenge'), field(form, 'passkey_response')));
    if (created.isErr()) return keysPage(c, services, caller.userId, signedIn, pageStatus(created.error), { error: created.error.message ?? 'The key was not created.' });
    return sendPage(c, 200, { title: 'New API key', signedIn, body: renderKeyCreated(created.value.api_key, created.value.key) });
  });

  app.post(`${PAGE}/passkey`, formGuard(services), async (c) => {
    const { caller, form } = c.get('post');
    const options = await startPersonKeyPasskey(services, caller.userId, keyRequestOf(form));
    if (options.isErr()) return c.json({ error: options.error.message ?? 'The key was not created.' }, pageStatus(options.error), { 'Cache-Control': 'no-store' });
    return c.json({ options: options.value.options }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post(`${PAGE}/revoke`, formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const revoked = await revokePersonKey(services, caller.userId, field(form, 'api_key_id') ?? '');
    if (revoked.isErr()) return sendErrorPage(c, revoked.error, signedIn);
    return c.redirect(`${PAGE}?revoked=1`, 303);
  });
}

async function keysPage(
  c: Context,
  services: Services,
  userId: string,
  signedIn: SignedIn,
  status: Parameters<typeof sendPage>[1],
  message: { notice?: string | null; error?: string | null },
): Promise<Response> {
  const [keys, passkeys] = await Promise.all([personKeys(services, userId), services.passkeys.list(userId)]);
  const hasPasskey = passkeys.length > 0;
  return sendPage(c, status, {
    title: 'API keys',
    signedIn,
    fetchesSelf: hasPasskey,
    script: hasPasskey ? STEP_UP_SCRIPT : null,
    body: renderKeysPage({ keys: keys.unwrapOr([]), csrf: signedIn.csrf, hasPasskey, ...message }),
  });
}
