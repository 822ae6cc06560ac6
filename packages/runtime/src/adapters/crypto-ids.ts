import { randomBytes, randomUUID } from 'node:crypto';
import type { Ids } from '@condor/core';

export class CryptoIds implements Ids {
  uuid(): string {
    return randomUUID();
  }
  opaqueToken(): string {
    return randomBytes(32).toString('base64url');
  }
}
