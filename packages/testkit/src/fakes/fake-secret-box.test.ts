import { describe, expect, it } from 'vitest';
import { FakeSecretBox } from './fake-secret-box.js';

const AAD = 'user-1|api_secret|v1';

describe('FakeSecretBox', () => {
  it('opens what it sealed, unicode included, and never shows the plaintext', async () => {
    const box = new FakeSecretBox();
    for (const plaintext of ['PKTEST-123', '', 'clé 鍵 🔑']) {
      const sealed = await box.seal(plaintext, AAD);
      expect(await box.open(sealed, AAD)).toBe(plaintext);
    }
    expect(JSON.stringify(await box.seal('PKTEST-123', AAD))).not.toContain('PKTEST-123');
  });

  it('is deterministic: nonces count up, so two boxes seal alike and one box never repeats', async () => {
    const [a, b] = [new FakeSecretBox(), new FakeSecretBox()];
    const first = await a.seal('s', AAD);
    expect(await b.seal('s', AAD)).toEqual(first);
    const second = await a.seal('s', AAD);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.ciphertext).not.toBe(first.ciphertext);
    expect(Buffer.from(first.nonce, 'base64')).toEqual(Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]));
  });

  it('refuses another associated data, a tampered value, and another key id', async () => {
    const box = new FakeSecretBox();
    const sealed = await box.seal('PKTEST-123', AAD);
    expect(await box.open(sealed, 'user-2|api_secret|v1')).toBeNull();
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(await box.open({ ...sealed, ciphertext: bytes.toString('base64') }, AAD)).toBeNull();
    expect(await box.open({ ...sealed, nonce: Buffer.alloc(12).toString('base64') }, AAD)).toBeNull();
    expect(await box.open({ ...sealed, ciphertext: '' }, AAD)).toBeNull();
    expect(await new FakeSecretBox('other-key').open(sealed, AAD)).toBeNull();
  });
});
