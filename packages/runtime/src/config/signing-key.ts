import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@condor/core';
import type { RuntimeConfig } from './load-config.js';

const MIN_BYTES = 32;
export const SIGNING_KEY_FILE = 'signing.key';

/**
 * The key that signs access tokens, or null when none can be had (then token operations answer
 * SERVER_MISCONFIGURED). Production takes it only from CONDOR_SIGNING_KEY; development generates one
 * once into the data folder (mode 0600) so sessions survive restarts.
 */
export function resolveSigningKey(config: RuntimeConfig, logger: Logger): Buffer | null {
  if (config.signingKey !== null) {
    const key = decodeKey(config.signingKey);
    if (key === null) logger.error('signing_key_invalid', { hint: `CONDOR_SIGNING_KEY must decode to at least ${String(MIN_BYTES)} bytes (hex or base64).` });
    return key;
  }
  if (config.env === 'production') {
    logger.error('signing_key_missing', { hint: 'Set CONDOR_SIGNING_KEY; token operations answer SERVER_MISCONFIGURED until then.' });
    return null;
  }
  const file = join(config.dataDir, SIGNING_KEY_FILE);
  if (existsSync(file)) return decodeKey(readFileSync(file, 'utf8').trim());
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(MIN_BYTES);
  writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  logger.info('signing_key_generated', { file });
  return key;
}

function decodeKey(text: string): Buffer | null {
  const key = /^[0-9a-f]+$/i.test(text) && text.length % 2 === 0 ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  return key.length >= MIN_BYTES ? key : null;
}
