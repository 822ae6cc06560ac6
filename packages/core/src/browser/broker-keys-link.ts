import * as v from 'valibot';
import { ResultAsync } from 'neverthrow';
import { isoTime } from '../words/time.js';
import { BROKER_KEYS_LINK_TTL_MS, brokerKeysUrl, mintLink } from './links.js';
import { defineOperation, WRITE } from '../operations/operation.js';

export const getBrokerKeysLink = defineOperation({
  name: 'get_broker_keys_link',
  title: 'Get a link where the person enters broker keys',
  description:
    'Returns a single-use link to condor’s own page where the person types their broker API key pair into a form (in a browser ' +
    'logged in to condor): the keys never pass through the agent’s conversation. A broker linked by logging in there (Schwab) ' +
    'is linked from the same page: the person presses "Log in at Schwab" and chooses the account. Give the link to the person; ' +
    'then call connect_broker once they have saved the keys or logged in. Expires in 15 minutes.',
  input: v.strictObject({}),
  output: v.object({
    url: v.pipe(v.string(), v.description('Single use; open it in a browser logged in to condor.')),
    expires_at: v.string(),
    next_tool: v.literal('connect_broker'),
  }),
  access: 'trading',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/broker/keys-link' },
  annotations: WRITE,
  errors: ['ONBOARDING_REQUIRED'],
  handler: (_input, { services, caller }) => {
    const expiresAt = services.clock.now() + BROKER_KEYS_LINK_TTL_MS;
    return ResultAsync.fromSafePromise(mintLink(services, 'broker_keys', caller.userId, null, expiresAt)).map((token) => ({
      url: brokerKeysUrl(services, token),
      expires_at: isoTime(expiresAt),
      next_tool: 'connect_broker' as const,
    }));
  },
});
