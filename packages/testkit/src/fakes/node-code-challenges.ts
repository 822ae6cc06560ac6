import { createHash } from 'node:crypto';
import type { CodeChallenges } from '@condor/core';

/** The real S256 (tests run real OAuth clients, which hash with SHA-256). */
export class NodeCodeChallenges implements CodeChallenges {
  s256(verifier: string): string {
    return createHash('sha256').update(verifier, 'ascii').digest('base64url');
  }
}
