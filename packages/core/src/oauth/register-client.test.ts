import { oauthTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { registerClient } from './register-client.js';

describe('dynamic client registration', () => {
  it('registers a public client: a fresh id, no secret, the grants condor supports, whatever auth method it asked for', async () => {
    const services = await oauthTestServices();
    const answer = (
      await registerClient(
        { redirect_uris: ['http://127.0.0.1:4000/cb'], client_name: ' Old Client ', token_endpoint_auth_method: 'client_secret_basic', software_id: 'x' },
        services,
      )
    )._unsafeUnwrap();
    expect(answer).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_id_issued_at: Math.floor(services.clock.now() / 1000),
      client_name: 'Old Client',
      redirect_uris: ['http://127.0.0.1:4000/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    expect(JSON.stringify(answer)).not.toContain('secret');
    expect(await services.oauth.clients.find(answer.client_id)).toMatchObject({ clientName: 'Old Client', redirectUris: ['http://127.0.0.1:4000/cb'] });
  });

  it.each([
    [{}, 'invalid_redirect_uri'],
    [{ redirect_uris: [] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['http://client.example/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['https://c.example/cb#x'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://c.example/${String(i)}`) }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['https://c.example/cb'], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    [{ redirect_uris: ['https://c.example/cb'], response_types: ['token'] }, 'invalid_client_metadata'],
    [{ redirect_uris: ['https://c.example/cb'], client_name: 'x'.repeat(101) }, 'invalid_client_metadata'],
    [{ redirect_uris: ['https://c.example/cb'], client_uri: 'javascript:alert(1)' }, 'invalid_client_metadata'],
    ['not an object', 'invalid_redirect_uri'],
  ])('refuses %j with %s', async (metadata, error) => {
    const services = await oauthTestServices();
    expect((await registerClient(metadata, services))._unsafeUnwrapErr().error).toBe(error);
  });
});
