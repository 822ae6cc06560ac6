import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { collectSecrets, REDACTED, redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  it('masks secret-named values at any level and keeps the rest', () => {
    expect(redactSecrets({ email: 'a@example.com', password: 'pw', nested: [{ api_secret: 's', qty: 1 }] })).toEqual({
      email: 'a@example.com',
      password: REDACTED,
      nested: [{ api_secret: REDACTED, qty: 1 }],
    });
  });

  it('masks a string that holds JSON (the body sent as a JSON string)', () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'MyRealPassw0rd!!' });
    expect(redactSecrets({ arguments: body })).toEqual({ arguments: REDACTED });
    expect(redactSecrets([` ${body}`])).toEqual([REDACTED]);
  });

  it('masks free text that names a secret', () => {
    expect(redactSecrets({ note: 'my password is hunter22' })).toEqual({ note: REDACTED });
    expect(redactSecrets({ note: 'Bearer abc.def' })).toEqual({ note: REDACTED });
  });

  it('stops at a bounded depth instead of overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 50; i += 1) deep = [deep];
    expect(JSON.stringify(redactSecrets(deep))).toContain(REDACTED);
  });

  test.prop([fc.string({ minLength: 8 }).map((s) => `S3cret-${s}`), fc.constantFrom('password', 'api_key', 'api_secret', 'refresh_token')])(
    'a secret inside JSON text inside a string never survives',
    (secret, key) => {
      const wrapped = JSON.stringify(JSON.stringify({ [key]: secret }));
      expect(JSON.stringify(redactSecrets({ arguments: JSON.parse(wrapped) as unknown }))).not.toContain(secret);
    },
  );
});

describe('collectSecrets', () => {
  it('finds secrets in JSON text inside strings, so messages can be scrubbed of them', () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'MyRealPassw0rd!!', x: JSON.stringify({ api_key: 'AKxyz123' }) });
    expect(collectSecrets(body).sort()).toEqual(['AKxyz123', 'MyRealPassw0rd!!']);
  });

  it('walks 100,000-deep nesting without overflowing the stack', () => {
    let deep: unknown = { password: 'deep-secret' };
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(() => collectSecrets(deep)).not.toThrow();
  });
});
