import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerCredentials } from '../ports/broker.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import type { Sealed, SecretBox } from '../ports/secret-box.js';
import type { Services } from '../services.js';
import { BROKERS, type BrokerLoginSpec, type BrokerSpec } from './broker-table.js';

/** Binds a sealed key to its owner and field, so a ciphertext moved to another row does not open. */
export const keyContext = (ownerId: string, field: 'api_key' | 'api_secret'): string => `broker_link|${ownerId}|${field}|v1`;

export const secretsMissing = (): AppError =>
  appError('SERVER_MISCONFIGURED', {
    message: 'Broker keys cannot be stored: the server has no encryption key configured (CONDOR_SECRET_KEY).',
  });

/** Seals both keys for the owner. */
export function sealKeys(box: SecretBox, ownerId: string, apiKey: string, apiSecret: string): ResultAsync<{ apiKey: Sealed; apiSecret: Sealed }, AppError> {
  return ResultAsync.fromSafePromise(
    Promise.all([box.seal(apiKey, keyContext(ownerId, 'api_key')), box.seal(apiSecret, keyContext(ownerId, 'api_secret'))]),
  ).map(([sealedKey, sealedSecret]) => ({ apiKey: sealedKey, apiSecret: sealedSecret }));
}

/** The link's credentials in plain text for one broker call, as its broker's row maps the keys; null for a link without keys (the simulated broker). */
export function openCredentials(link: BrokerLink, services: Services): ResultAsync<BrokerCredentials | null, AppError> {
  const { keys, login }: BrokerSpec = BROKERS[link.broker];
  if (login !== null) return openLogin(link, login, services);
  if (keys === null || link.apiKey === null || link.apiSecret === null) return okAsync(null);
  const box = services.secrets;
  if (box === null) return errAsync(secretsMissing());
  return ResultAsync.fromSafePromise(
    Promise.all([box.open(link.apiKey, keyContext(link.ownerId, 'api_key')), box.open(link.apiSecret, keyContext(link.ownerId, 'api_secret'))]),
  ).andThen(([apiKey, apiSecret]) =>
    apiKey === null || apiSecret === null
      ? errAsync(
          appError('BROKER_NOT_CONNECTED', {
            message: 'The stored broker keys can no longer be read (the server key changed or the record was altered).',
            suggestion: 'Call set_broker_keys with the keys again, then connect_broker.',
            seeTool: 'set_broker_keys',
          }),
        )
      : okAsync(keys.credentials({ api_key: apiKey, api_secret: apiSecret }, link.accountNumber ?? null)),
  );
}

/** Where a login link keeps its refresh token: sealed in the `api_secret` slot (there is no key for `api_key`). */
export const loginTokenContext = (ownerId: string): string => keyContext(ownerId, 'api_secret');

/** A login link's credentials: its refresh token opened, when it was issued, and the chosen account's handle. */
function openLogin(link: BrokerLink, login: BrokerLoginSpec, services: Services): ResultAsync<BrokerCredentials | null, AppError> {
  const words = BROKERS[link.broker].words.short;
  const box = services.secrets;
  if (box === null) return errAsync(secretsMissing());
  const loggedInAt = link.loggedInAt ?? null;
  if (link.apiSecret === null || loggedInAt === null) return errAsync(loginAgain(words, `No ${words} login is stored for you.`));
  return ResultAsync.fromSafePromise(box.open(link.apiSecret, loginTokenContext(link.ownerId))).andThen((refreshToken) =>
    refreshToken === null
      ? errAsync(loginAgain(words, `The stored ${words} login can no longer be read (the server key changed or the record was altered).`))
      : okAsync(login.credentials(refreshToken, loggedInAt, link.accountKey ?? null)),
  );
}

/** BROKER_NOT_CONNECTED for a broker linked by logging in: log in there again, from the broker keys page. */
export const loginAgain = (words: string, why: string): AppError =>
  appError('BROKER_NOT_CONNECTED', {
    message: `${why} Log in at ${words} again to link it.`,
    suggestion: `Open the broker keys page (get_broker_keys_link) and choose "Log in at ${words}"; your positions stay as they are.`,
    seeTool: 'get_broker_keys_link',
  });
