import { authorizationParams, DOCUMENT_CLIENT_ID, DOCUMENT_REDIRECT, OAUTH_PERSON, oauthTestServices, pkcePair, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { authenticate } from '../accounts/authenticate.js';
import { execute } from '../operations/execute.js';
import { approveAuthorization } from './authorization-decision.js';
import { checkAuthorizationRequest } from './authorization-request.js';
import { exchangeCode } from './exchange-code.js';
import { refreshGrant } from './refresh-grant.js';
import { revokeOAuthToken } from './revoke-token.js';

async function connect(services: TestServices) {
  const { verifier, challenge } = pkcePair();
  const request = (await checkAuthorizationRequest(authorizationParams(challenge), services))._unsafeUnwrap();
  const code = new URL((await approveAuthorization(request, OAUTH_PERSON.id, services))._unsafeUnwrap()).searchParams.get('code');
  return (await exchangeCode({ code, codeVerifier: verifier, clientId: DOCUMENT_CLIENT_ID, redirectUri: DOCUMENT_REDIRECT, resource: null }, services))._unsafeUnwrap();
}

describe('token revocation (RFC 7009)', () => {
  it.each(['refresh_token', 'access_token'] as const)('ends the whole grant with its %s', async (which) => {
    const services = await oauthTestServices();
    const tokens = await connect(services);
    expect((await revokeOAuthToken({ token: tokens[which], clientId: DOCUMENT_CLIENT_ID }, services)).isOk()).toBe(true);
    expect((await authenticate(tokens.access_token, services)).isErr()).toBe(true);
    expect((await refreshGrant({ refreshToken: tokens.refresh_token, clientId: DOCUMENT_CLIENT_ID, scope: null, resource: null }, services)).isErr()).toBe(true);
  });

  it('refuses another client’s token and leaves the grant alone', async () => {
    const services = await oauthTestServices();
    const tokens = await connect(services);
    for (const token of [tokens.refresh_token, tokens.access_token]) {
      expect((await revokeOAuthToken({ token, clientId: 'https://other.example/client.json' }, services))._unsafeUnwrapErr().error).toBe('unauthorized_client');
    }
    expect((await authenticate(tokens.access_token, services)).isOk()).toBe(true);
  });

  it('answers an unknown token, or a password session’s, as done and changes nothing', async () => {
    const services = await oauthTestServices();
    await execute('register', { email: 'bob@example.com', password: 'bob password 123' }, { services, credential: null, requestId: 't', batchKey: null });
    const login = (await execute('login', { email: 'bob@example.com', password: 'bob password 123' }, { services, credential: null, requestId: 't', batchKey: null }))._unsafeUnwrap();
    const session = login.value as { access_token: string; refresh_token: string };
    for (const token of ['made-up', session.access_token, session.refresh_token]) {
      expect((await revokeOAuthToken({ token, clientId: DOCUMENT_CLIENT_ID }, services)).isOk()).toBe(true);
    }
    expect((await authenticate(session.access_token, services)).isOk()).toBe(true);
    expect((await revokeOAuthToken({ token: null, clientId: DOCUMENT_CLIENT_ID }, services))._unsafeUnwrapErr().error).toBe('invalid_request');
  });
});
