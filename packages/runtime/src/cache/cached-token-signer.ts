import type { AccessClaims, TokenSigner } from '@condor/core';
import { AUTH_CACHE_CAPACITY, dropOldestBeyond } from './ttl-cache.js';

/**
 * A TokenSigner that remembers the claims of tokens it has verified (every authenticated request verifies its
 * Bearer token: an HMAC and two JSON decodes). Only good signatures are kept, so junk tokens cannot fill it; a
 * signature is a function of the text alone, so a remembered answer is the answer. Expiry and revocation are
 * not the signer's: callers check them on every request as before.
 */
export class CachedTokenSigner implements TokenSigner {
  private readonly verified = new Map<string, AccessClaims>();

  constructor(
    private readonly inner: TokenSigner,
    private readonly capacity = AUTH_CACHE_CAPACITY,
  ) {}

  sign(claims: AccessClaims): string {
    return this.inner.sign(claims);
  }

  verify(token: string): AccessClaims | null {
    const known = this.verified.get(token);
    if (known !== undefined) return known;
    const claims = this.inner.verify(token);
    if (claims === null) return null;
    this.verified.set(token, Object.freeze(claims));
    dropOldestBeyond(this.verified, this.capacity);
    return claims;
  }
}
