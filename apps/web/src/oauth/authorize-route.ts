import {
  AUTHORIZATION_PARAMETERS,
  approveAuthorization,
  checkAuthorizationRequest,
  confirmGrantPasskey,
  denyAuthorization,
  grantPurpose,
  PASSKEY_REFUSAL_WORDS,
  refusalRedirect,
  SCOPES,
  startPasskeyAssertion,
  type AuthorizationParams,
  type AuthorizationRefusal,
  type AuthorizationRequest,
  type Services,
} from '@condor/core';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { newNonce } from '../shared/csp.js';
import { sendErrorPage } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import { layout } from '../shared/layout.js';
import { markup } from '../shared/markup.js';
import { renderMessage } from '../shared/message.js';
import { pageGuard } from '../shared/page-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { SignedIn } from '../shared/layout.js';
import type { WebEnv } from '../shared/web-env.js';
import { passkeyAnswer } from '../passkeys/passkey-answer.js';
import { REFUSAL_STATUS } from '../passkeys/refusal-status.js';
import { STEP_UP_SCRIPT } from '../passkeys/step-up-script.js';
import { GRANT_PREFIX, renderConsent } from './consent-page.js';
import { consentPolicy, redirectSource } from './consent-policy.js';

/** The consent page's environment: the checked request and its parameters, set before the page guard runs. */
interface ConsentEnv {
  Variables: { authorization: { readonly request: AuthorizationRequest; readonly params: AuthorizationParams } };
}

/**
 * `GET /oauth/authorize` checks the request (client, redirect, PKCE S256, resource), sends a person without a
 * browser session to the login page and back, and shows the consent page; `POST /oauth/authorize` (browser
 * session, CSRF token, this origin) checks the request again and redirects with a code, or with `access_denied`.
 * A request whose client or redirect URI cannot be trusted is explained on a page and redirected nowhere.
 */
export function mountAuthorize(app: Hono<WebEnv>, services: Services): void {
  app.get('/oauth/authorize', checkedQuery(services), pageGuard(services, { keepQuery: true }), async (c) => {
    const { request, params } = c.get('authorization');
    const { caller, signedIn } = c.get('session');
    return consentPage(c, services, { request, params, signedIn, userId: caller.userId, status: 200, error: null });
  });

  app.post('/oauth/authorize/passkey', formGuard(services), async (c) => {
    const { caller, form } = c.get('post');
    const params = formParams(form);
    const checked = await checkAuthorizationRequest(params, services);
    if (checked.isErr()) return c.json({ error: 'This connection request is no longer valid. Start again from the client.' }, 400, { 'Cache-Control': 'no-store' });
    const scopes = grantedScopes(checked.value, form);
    const { options } = await startPasskeyAssertion(services, caller.userId, grantPurpose('consent', checked.value.client.clientId, scopes));
    return c.json({ options }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/oauth/authorize', formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const params = formParams(form);
    const checked = await checkAuthorizationRequest(params, services);
    if (checked.isErr()) return refuse(c, checked.error, services);
    if (field(form, 'decision') !== 'approve') return c.redirect(denyAuthorization(checked.value, services), 303);
    const granted = SCOPES.filter((scope) => field(form, `${GRANT_PREFIX}${scope}`) !== null);
    const scopes = grantedScopes(checked.value, form);
    const answer = passkeyAnswer(field(form, 'passkey_challenge'), field(form, 'passkey_response'));
    const stepUp = await confirmGrantPasskey(services, { userId: caller.userId, purpose: grantPurpose('consent', checked.value.client.clientId, scopes), scopes, answer });
    if (stepUp.isErr()) {
      return consentPage(c, services, { request: checked.value, params, signedIn, userId: caller.userId, status: REFUSAL_STATUS[stepUp.error], error: PASSKEY_REFUSAL_WORDS[stepUp.error] });
    }
    const approved = await approveAuthorization(checked.value, caller.userId, services, granted);
    if (approved.isErr()) return sendErrorPage(c, approved.error, signedIn, markup`<p><a href="/oauth/authorize?${queryOf(params)}">Back to the consent page</a></p>`);
    services.logger.info('oauth_authorized', { user_id: caller.userId, client_id: checked.value.client.clientId.slice(0, 200), scope: granted.filter((s) => checked.value.scopes.includes(s)).join(' ') });
    return c.redirect(approved.value, 303);
  });
}

/** The request's parameters as the consent form carries them back. */
const formParams = (form: Readonly<Record<string, unknown>>): AuthorizationParams =>
  Object.fromEntries(
    AUTHORIZATION_PARAMETERS.flatMap((name) => {
      const value = field(form, name);
      return value === null ? [] : [[name, [value]]];
    }),
  );

/** The scopes the person left ticked, of those the client asked for. */
const grantedScopes = (request: AuthorizationRequest, form: Readonly<Record<string, unknown>>): string[] =>
  request.scopes.filter((scope) => field(form, `${GRANT_PREFIX}${scope}`) !== null);

/** The consent page (with the passkey step where the person has a passkey), or it again with why Allow was refused. */
async function consentPage(
  c: Context,
  services: Services,
  view: { request: AuthorizationRequest; params: AuthorizationParams; signedIn: SignedIn; userId: string; status: 200 | 400 | 403 | 404 | 409; error: string | null },
): Promise<Response> {
  const { request, params, signedIn } = view;
  const hasPasskey = (await services.passkeys.list(view.userId)).length > 0;
  const nonce = newNonce();
  const page = layout({
    title: `Allow ${request.client.name}?`,
    nonce,
    signedIn,
    script: hasPasskey ? STEP_UP_SCRIPT : null,
    body: renderConsent({ request, params, email: signedIn.email, csrf: signedIn.csrf, returnsTo: returnsTo(request.redirectUri), hasPasskey, error: view.error }),
  });
  return c.html(page.toString(), view.status, { 'Content-Security-Policy': consentPolicy(nonce, request.redirectUri, hasPasskey), 'Cache-Control': 'no-store' });
}

/** Checks the request in the query before anything else: a client that cannot be trusted is told so, logged in or not. */
const checkedQuery =
  (services: Services): MiddlewareHandler<ConsentEnv> =>
  async (c, next) => {
    const params: AuthorizationParams = c.req.queries();
    const checked = await checkAuthorizationRequest(params, services);
    if (checked.isErr()) return refuse(c, checked.error, services);
    c.set('authorization', { request: checked.value, params });
    await next();
  };

function refuse(c: Context, refusal: AuthorizationRefusal, services: Services): Response {
  if (refusal.kind === 'redirect') return c.redirect(refusalRedirect(refusal, services), 303);
  return sendPage(c, 400, {
    title: 'Cannot connect this client',
    body: renderMessage({ heading: 'Cannot connect this client', text: `${refusal.failure.description} Nothing was shared with it.`, tone: 'error' }),
  });
}

/** What the page says the browser goes back to: the redirect's host, or a native app's scheme. */
const returnsTo = (redirectUri: string): string => {
  const source = redirectSource(redirectUri);
  if (source === null) return 'the app';
  return source.endsWith(':') ? `the app (${source})` : new URL(source).host;
};

/** The request's parameters as a query again, for a link back to its consent page. */
const queryOf = (params: AuthorizationParams): string =>
  new URLSearchParams(Object.entries(params).flatMap(([name, values]) => values.map((value): [string, string] => [name, value]))).toString();
