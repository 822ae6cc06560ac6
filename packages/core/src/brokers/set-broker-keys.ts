import * as v from 'valibot';
import { errAsync, ResultAsync } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import { defineOperation, WRITE } from '../operations/operation.js';
import type { Services } from '../services.js';
import { KEYED_BROKERS } from './broker-table.js';
import { BrokerLinkView, ENVIRONMENTS } from './schemas.js';
import { linkView } from './link-view.js';
import { liveTradingRefusal } from './live-trading.js';
import { sealKeys, secretsMissing } from './sealed-keys.js';

/** Long enough for tastytrade's JWT-like refresh tokens, which run far past the 256 characters of Alpaca's keys. */
const KEY_MAX_LENGTH = 4096;
const Key = (description: string) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(KEY_MAX_LENGTH), v.description(description));

const SetBrokerKeysInput = v.strictObject({
  api_key: Key('The API key id (tastytrade: the OAuth client secret).'),
  api_secret: Key('The API secret (tastytrade: the refresh token of the OAuth grant).'),
  broker: v.optional(v.pipe(v.picklist(KEYED_BROKERS), v.description('The broker the keys belong to.')), 'alpaca'),
  environment: v.optional(v.pipe(v.picklist(ENVIRONMENTS), v.description('Paper or live keys.')), 'paper'),
});

export const setBrokerKeys = defineOperation({
  name: 'set_broker_keys',
  title: 'Store broker API keys',
  description:
    'Stores your broker API key pair, encrypted (AES-256-GCM, bound to your account); they are never shown again. ' +
    'Then call connect_broker. The simulated broker needs no keys. Prefer get_broker_keys_link: the person types the keys into ' +
    'condor’s own page, so they never pass through an agent’s conversation.',
  input: SetBrokerKeysInput,
  output: v.object({ link: BrokerLinkView, next_tool: v.literal('connect_broker') }),
  access: 'trading',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/broker/keys' },
  annotations: { ...WRITE, idempotentHint: true },
  errors: ['MISSING_API_KEY', 'MISSING_API_SECRET', 'INVALID_VALUE', 'ONBOARDING_REQUIRED', 'SERVER_MISCONFIGURED', 'SERVICE_NOT_CONFIGURED'],
  handler: (input, { services, caller }) => storeBrokerKeys(services, caller.userId, input),
});

/** The input of set_broker_keys, once validated. */
export type BrokerKeysInput = v.InferOutput<typeof SetBrokerKeysInput>;

/** Seals and stores the owner's key pair (set_broker_keys and the broker-keys page); the link must be connected again. */
export function storeBrokerKeys(services: Services, ownerId: string, input: BrokerKeysInput): ResultAsync<{ link: v.InferOutput<typeof BrokerLinkView>; next_tool: 'connect_broker' }, AppError> {
  const refusal = liveTradingRefusal(input.environment, services);
  if (refusal !== null) return errAsync(refusal);
  const box = services.secrets;
  if (box === null) return errAsync(secretsMissing());
  return sealKeys(box, ownerId, input.api_key, input.api_secret).andThen((sealed) => {
    const link = {
      ownerId,
      broker: input.broker,
      environment: input.environment,
      apiKey: sealed.apiKey,
      apiSecret: sealed.apiSecret,
      keyHint: input.api_key.slice(-4),
      // New keys must be verified again before anything trades with them.
      connectedAt: null,
      updatedAt: services.clock.now(),
    };
    return ResultAsync.fromSafePromise(services.brokerLinks.put(link)).map(() => ({ link: linkView(link), next_tool: 'connect_broker' as const }));
  });
}
