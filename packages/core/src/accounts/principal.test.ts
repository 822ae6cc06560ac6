import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { execute } from '../operations/execute.js';
import { principalOf } from './principal.js';

describe('principalOf', () => {
  it('names the user of a valid token, and no one for none, garbage or an expired token', async () => {
    const services = createTestServices();
    const call = (tool: string, input: unknown) => execute(tool, input, { services, credential: null, requestId: 'r', batchKey: null });
    await call('register', { email: 'ann@example.com', password: 'a long password' });
    const login = (await call('login', { email: 'ann@example.com', password: 'a long password' }))._unsafeUnwrap().value as {
      access_token: string;
      user: { user_id: string };
    };
    expect(principalOf(login.access_token, services)).toBe(`user:${login.user.user_id}`);
    expect(principalOf(null, services)).toBeNull();
    expect(principalOf('not.a.token', services)).toBeNull();
    services.clock.advance(services.config.accessTokenTtlSeconds * 1000);
    expect(principalOf(login.access_token, services)).toBeNull();
  });
});
