import { createHash } from 'node:crypto';
import type { Digest } from '@condor/core';

export class Sha256Digest implements Digest {
  sha256(text: string): string {
    return createHash('sha256').update(text, 'utf8').digest('hex');
  }
}
