import type { JsonAnswer } from './server-process.js';

type Send = (method: string, path: string, body?: unknown, token?: string) => Promise<JsonAnswer>;

/** Where the trader's broker link goes: the simulated paper broker, or Alpaca (its local fake) with a key pair. */
export type TraderBroker = { readonly broker: 'sim' } | { readonly broker: 'alpaca'; readonly apiKey: string; readonly apiSecret: string };

/**
 * A user registered, logged in, onboarded (the three documents read, the terms and the risk acknowledged) and linked
 * to `broker`, over the real server's REST API; their access token. `send` may spread the calls over instances.
 */
export async function onboardedTrader(send: Send, email: string, password: string, broker: TraderBroker): Promise<string> {
  await send('POST', '/v1/users', { email, password });
  const token = (await send('POST', '/v1/sessions', { email, password })).body['access_token'] as string;
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`, undefined, token);
  await send('POST', '/v1/onboarding/eua-acceptance', {}, token);
  await send('POST', '/v1/onboarding/risk-acknowledgement', {}, token);
  if (broker.broker === 'alpaca') await send('POST', '/v1/broker/keys', { api_key: broker.apiKey, api_secret: broker.apiSecret, broker: 'alpaca', environment: 'paper' }, token);
  const linked = await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: broker.broker }, token);
  if ((linked.body['link'] as { connected?: boolean } | undefined)?.connected !== true) throw new Error(`the ${broker.broker} link did not connect: ${JSON.stringify(linked.body)}`);
  return token;
}
