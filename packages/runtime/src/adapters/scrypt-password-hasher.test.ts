import { describe, expect, it } from 'vitest';
import { ScryptPasswordHasher } from './scrypt-password-hasher.js';

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher({ N: 1024, r: 8, p: 1 });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hasher.hash('correct horse battery staple');
    expect(await hasher.verify('correct horse battery staple', hash)).toBe(true);
    expect(await hasher.verify('correct horse battery stapler', hash)).toBe(false);
  });

  it('salts: the same password hashes differently each time, and never contains the password', async () => {
    const [a, b] = [await hasher.hash('same password 1'), await hasher.hash('same password 1')];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toContain('same password');
  });

  it('reads the cost from the stored hash, so raising the default keeps old hashes valid', async () => {
    const old = await hasher.hash('a long enough password');
    expect(await new ScryptPasswordHasher({ N: 2048, r: 8, p: 1 }).verify('a long enough password', old)).toBe(true);
  });

  it('answers false for a missing or garbled hash', async () => {
    expect(await hasher.verify('anything', null)).toBe(false);
    expect(await hasher.verify('anything', 'not-a-hash')).toBe(false);
    expect(await hasher.verify('anything', 'scrypt$x$8$1$abc$def')).toBe(false);
  });
});
