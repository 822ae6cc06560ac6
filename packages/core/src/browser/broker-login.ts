import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { brokerError } from '../brokers/broker-errors.js';
import { BROKERS, LOGIN_BROKERS } from '../brokers/broker-table.js';
import { loginTokenContext, secretsMissing } from '../brokers/sealed-keys.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerLoginFlow } from '../ports/broker.js';
import type { BrokerLink, BrokerName } from '../ports/broker-link-store.js';
import type { Sealed } from '../ports/secret-box.js';
import type { Services } from '../services.js';
import { brokerKeysForm } from './broker-keys-page.js';
import type { BrowserCaller } from './browser-session.js';
import { keepAccountOfLogin, type LoginLinked } from './broker-login-account.js';
import { offeredLogins } from './broker-login-offer.js';

/** How long a person has to log in at the broker and come back to condor's callback page. */
export const BROKER_LOGIN_TTL_MS = 10 * 60_000;

/** What is sealed into the `state` the broker sends back: the PKCE verifier, the broker, and until when it is good. */
const Pending = v.object({ verifier: v.string(), broker: v.picklist(LOGIN_BROKERS), expiresAt: v.number() });

/** Binds a pending login to its owner, their browser session and its nonce: a state carried to another session does not open. */
const stateContext = (caller: BrowserCaller, nonce: string): string => `broker_login|${caller.userId}|${caller.sessionDigest}|${nonce}|v1`;

/**
 * Starts linking `broker` by logging in there, from a live broker-keys link (which it uses up): the broker's
 * authorize page, with a `state` that carries the PKCE verifier sealed to this browser session and a nonce. Nothing
 * is stored until the person comes back.
 */
export function startBrokerLogin(services: Services, caller: BrowserCaller, linkToken: string, asked: unknown): ResultAsync<{ readonly url: string }, AppError> {
  return brokerKeysForm(services, caller, linkToken).andThen(() => {
    const choice = offeredLogins(services).find((offered) => offered.broker === asked);
    const flow = choice === undefined ? undefined : services.brokers.loginFlows?.[choice.broker];
    if (choice === undefined || flow === undefined) return errAsync(notOffered(services));
    const box = services.secrets;
    if (box === null) return errAsync(secretsMissing());
    const nonce = services.ids.opaqueToken();
    const verifier = services.ids.opaqueToken();
    const pending = { verifier, broker: choice.broker, expiresAt: services.clock.now() + BROKER_LOGIN_TTL_MS };
    return ResultAsync.fromSafePromise(services.singleUseLinks.markUsed(services.digest.sha256(linkToken), services.clock.now())).andThen((won) =>
      won
        ? ResultAsync.fromSafePromise(box.seal(JSON.stringify(pending), stateContext(caller, nonce))).map((sealed) => ({
            url: flow.authorizeUrl({ state: stateOf(nonce, sealed), verifier }),
          }))
        : errAsync(appError('NOT_FOUND', { message: 'This broker-keys link was already used. Ask for a new one with get_broker_keys_link.', seeTool: 'get_broker_keys_link' })),
    );
  });
}

/**
 * The broker's answer at condor's callback page: the code exchanged for the login (its refresh token sealed on the
 * person's link, the login's time kept for its end), then the account to trade — the one traded before when the
 * new login still may trade it (a fresh login restores trading), else the person chooses.
 */
export function finishBrokerLogin(
  services: Services,
  caller: BrowserCaller,
  answer: { readonly state: unknown; readonly code: unknown; readonly error: unknown },
): ResultAsync<LoginLinked, AppError> {
  return pendingLogin(services, caller, answer.state).andThen(({ verifier, broker, flow }) => {
    const words = BROKERS[broker].words.short;
    if (typeof answer.error === 'string' && answer.error !== '') {
      return errAsync(appError('BROKER_NOT_CONNECTED', { message: `${words} did not link the account: you declined, or ${words} refused (${answer.error.slice(0, 80)}).`, suggestion: startAgain(words) }));
    }
    if (typeof answer.code !== 'string' || answer.code === '' || answer.code.length > 2_048) {
      return errAsync(appError('VALIDATION_ERROR', { message: `${words} sent no code back.`, suggestion: startAgain(words) }));
    }
    const box = services.secrets;
    if (box === null) return errAsync(secretsMissing());
    return flow
      .exchangeCode({ code: answer.code, verifier, ownerId: caller.userId })
      .mapErr((error) => {
        const refused = (message: string): AppError =>
          appError('BROKER_NOT_CONNECTED', { message: `${words} refused the login: ${message}`, suggestion: startAgain(words), seeTool: 'get_broker_keys_link' });
        return error.kind === 'auth_failed' ? refused(error.message) : brokerError(error, refused);
      })
      .andThen((login) =>
        ResultAsync.fromSafePromise(Promise.all([box.seal(login.refreshToken, loginTokenContext(caller.userId)), services.brokerLinks.get(caller.userId)])).andThen(
          ([sealed, before]) => {
            const link: BrokerLink = {
              ownerId: caller.userId,
              broker,
              environment: 'live',
              apiKey: null,
              apiSecret: sealed,
              keyHint: null,
              connectedAt: null,
              updatedAt: services.clock.now(),
              accountNumber: null,
              accountKey: null,
              loggedInAt: login.loggedInAt,
            };
            return keepAccountOfLogin(services, link, before?.broker === broker ? before : undefined);
          },
        ),
      );
  });
}

function pendingLogin(services: Services, caller: BrowserCaller, state: unknown): ResultAsync<{ verifier: string; broker: BrokerName; flow: BrokerLoginFlow }, AppError> {
  const parts = typeof state === 'string' && state.length <= 4_096 ? state.split('~') : [];
  const [nonce, keyId, sealedNonce, ciphertext] = parts;
  const box = services.secrets;
  if (parts.length !== 4 || nonce === undefined || keyId === undefined || sealedNonce === undefined || ciphertext === undefined || box === null) return errAsync(loginLost());
  return ResultAsync.fromSafePromise(box.open({ keyId, nonce: sealedNonce, ciphertext }, stateContext(caller, nonce))).andThen((opened) => {
    const pending = opened === null ? null : v.safeParse(Pending, parseJson(opened));
    if (pending === null || !pending.success || services.clock.now() >= pending.output.expiresAt) return errAsync(loginLost());
    const flow = services.brokers.loginFlows?.[pending.output.broker];
    if (flow === undefined) return errAsync(notOffered(services));
    return okAsync({ verifier: pending.output.verifier, broker: pending.output.broker, flow });
  });
}

const stateOf = (nonce: string, sealed: Sealed): string => [nonce, sealed.keyId, sealed.nonce, sealed.ciphertext].join('~');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const startAgain = (words: string): string => `Open a new broker-keys link (get_broker_keys_link) and choose "Log in at ${words}" again.`;

const loginLost = (): AppError =>
  appError('NOT_FOUND', {
    message: 'This login was not started in this browser session, or it took longer than 10 minutes.',
    suggestion: 'Open a new broker-keys link (get_broker_keys_link) in the browser you are logged in with, and log in at the broker again.',
    seeTool: 'get_broker_keys_link',
  });

function notOffered(services: Services): AppError {
  const offered = offeredLogins(services);
  return appError('SERVICE_NOT_CONFIGURED', {
    message:
      offered.length === 0
        ? 'This server links no broker by logging in there (Schwab needs the deployment’s registered app and live trading enabled).'
        : `This server links by logging in only: ${offered.map((o) => o.title).join(', ')}.`,
  });
}
