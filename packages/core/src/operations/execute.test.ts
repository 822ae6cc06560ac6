import { fc, test } from '@fast-check/vitest';
import { createTestServices, MemoryUserStore } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../errors/catalogue.js';
import { CATALOGUE } from './catalogue.js';
import { execute, type ExecuteContext } from './execute.js';

const ctx = (services = createTestServices(), credential: string | null = null): ExecuteContext => ({
  services,
  credential,
  requestId: 'req-1',
  batchKey: null,
});

describe('execute', () => {
  it('answers NOT_FOUND for an unknown tool, echoing its name', async () => {
    const result = await execute('sell_everything', {}, ctx());
    expect(result._unsafeUnwrapErr()).toMatchObject({ status: 404, body: { error: 'NOT_FOUND', received: { name: 'sell_everything' } } });
  });

  it('authenticates before it validates: no credential and bad input -> UNAUTHORIZED', async () => {
    const result = await execute('logout', { surprise: true }, ctx());
    expect(result._unsafeUnwrapErr().body.error).toBe('UNAUTHORIZED');
  });

  it.each([[[1, 2]], ['text'], [null], [7]])('refuses arguments that are not a JSON object (%j)', async (input) => {
    const result = await execute('login', input, ctx());
    expect(result._unsafeUnwrapErr().body).toMatchObject({ error: 'VALIDATION_ERROR', received: { arguments: input } });
  });

  it('validates before any work: a bad register changes nothing', async () => {
    const services = createTestServices();
    const result = await execute('register', { email: 'bad', password: 'long enough password' }, ctx(services));
    expect(result._unsafeUnwrapErr().body.error).toBe('INVALID_EMAIL');
    expect(await services.users.findByEmail('bad')).toBeUndefined();
  });

  it('turns an unexpected exception into INTERNAL_ERROR without internals, logged with the request id', async () => {
    const users = new MemoryUserStore();
    users.findByEmail = () => Promise.reject(new Error('disk on fire at /var/db'));
    const services = createTestServices({ users });
    const result = await execute('login', { email: 'a@example.com', password: 'whatever' }, ctx(services));
    const { status, body } = result._unsafeUnwrapErr();
    expect([status, body.error, body.message]).toEqual([500, 'INTERNAL_ERROR', ERROR_CATALOGUE.INTERNAL_ERROR.message]);
    expect(JSON.stringify(body)).not.toContain('disk on fire');
    expect(services.logger.lines).toContainEqual(
      expect.objectContaining({ level: 'error', event: 'unhandled_exception', fields: expect.objectContaining({ request_id: 'req-1' }) }),
    );
  });

  test.prop([
    fc.constantFrom(...CATALOGUE.map((op) => op.name), 'no_such_tool'),
    fc.string({ minLength: 6, maxLength: 30 }).map((s) => `Pw-${s}-secret`),
    fc.dictionary(fc.constantFrom('email', 'password', 'refresh_token', 'api_key', 'extra', 'qty'), fc.jsonValue(), { maxKeys: 4 }),
  ])('no rendered ErrorResult ever contains a secret given in the input', async (tool, secret, rest) => {
    const input = { ...rest, password: secret, refresh_token: secret, api_key: secret, nested: { api_secret: secret } };
    const result = await execute(tool, input, ctx(createTestServices(), secret));
    if (result.isErr()) {
      expect(Object.keys(result.error.body)).toHaveLength(7);
      expect(JSON.stringify(result.error.body)).not.toContain(secret);
    }
  });
});
