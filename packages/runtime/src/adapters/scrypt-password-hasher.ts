import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '@condor/core';

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });

export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** N=2^15, r=8, p=1: about 32 MiB and ~0.1 s per hash on this class of machine. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 32_768, r: 8, p: 1 };
const KEY_LENGTH = 32;
const DUMMY_SALT = Buffer.alloc(16, 7);

/** Stores `scrypt$N$r$p$salt$key` (base64url); verification reads the cost from the hash itself. */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly cost: ScryptCost = DEFAULT_SCRYPT_COST) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await this.derive(password, salt, this.cost);
    const { N, r, p } = this.cost;
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, hash: string | null): Promise<boolean> {
    const parsed = hash === null ? null : parse(hash);
    if (parsed === null) {
      await this.derive(password, DUMMY_SALT, this.cost);
      return false;
    }
    const key = await this.derive(password, parsed.salt, parsed.cost);
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  }

  private derive(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
    return scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r });
  }
}

function parse(hash: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((x) => Number.isSafeInteger(x) && x > 0)) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}
