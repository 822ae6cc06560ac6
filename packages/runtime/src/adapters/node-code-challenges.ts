import { createHash } from 'node:crypto';
import type { CodeChallenges } from '@condor/core';

/** PKCE's S256 (RFC 7636 §4.2) with node:crypto. */
export class NodeCodeChallenges implements CodeChallenges {
  s256(verifier: string): string {
    return createHash('sha256').update(verifier, 'ascii').digest('base64url');
  }
}
