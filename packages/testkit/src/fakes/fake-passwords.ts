import type { Digest, PasswordHasher, TokenSigner, AccessClaims } from '@condor/core';

const fakeHash = (password: string): string => `fake$${Buffer.from(password).toString('base64url')}`;

/** A fast, transparent stand-in for scrypt: tests don't pay for key stretching. */
export class FakePasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return Promise.resolve(fakeHash(password));
  }
  verify(password: string, hash: string | null): Promise<boolean> {
    return Promise.resolve(hash !== null && hash === fakeHash(password));
  }
}

/** Not a cryptographic digest; only stable and collision-free enough for tests. */
export class FakeDigest implements Digest {
  sha256(text: string): string {
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193;
    for (let i = 0; i < text.length; i++) {
      h1 = Math.imul(h1 ^ text.charCodeAt(i), 16777619) >>> 0;
      h2 = Math.imul(h2 + text.charCodeAt(i), 2246822519) >>> 0;
    }
    return `${h1.toString(16)}${h2.toString(16)}${text.length.toString(16)}`;
  }
}

/** Tokens readable in test output: `fake.<json claims>.<check>`; anything altered fails to verify. */
export class FakeTokenSigner implements TokenSigner {
  private readonly digest = new FakeDigest();
  sign(claims: AccessClaims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `fake.${body}.${this.digest.sha256(body)}`;
  }
  verify(token: string): AccessClaims | null {
    const [prefix, body, check] = token.split('.');
    if (prefix !== 'fake' || body === undefined || check !== this.digest.sha256(body)) return null;
    return JSON.parse(Buffer.from(body, 'base64url').toString()) as AccessClaims;
  }
}
