import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@condor/core';
import { AesGcmSecretBox } from '../adapters/aes-gcm-secret-box.js';
import { ConfigError, type RuntimeConfig } from './load-config.js';

const KEY_BYTES = 32;
export const SECRET_KEY_FILE = 'secret.key';

/** The keys that seal broker secrets: `current` seals, `previous` only open (key rotation). */
export interface ResolvedSecretKeys {
  readonly current: Buffer;
  readonly previous: readonly Buffer[];
}

type SecretKeyConfig = Pick<RuntimeConfig, 'env' | 'dataDir' | 'secretKey' | 'previousSecretKeys'>;

/**
 * The keys that seal broker secrets at rest, or null in production without CONDOR_SECRET_KEY (then
 * storing broker keys answers SERVER_MISCONFIGURED). Development generates one once into the data
 * folder (mode 0600) and reuses it, so stored keys survive restarts. A key that is not the base64 of
 * exactly 32 bytes stops the start with a ConfigError naming the variable, never its value.
 */
export function resolveSecretKey(config: SecretKeyConfig, logger: Logger): ResolvedSecretKeys | null {
  const previous = config.previousSecretKeys.map((text, i) =>
    decodeKey(text, `CONDOR_SECRET_KEY_PREVIOUS (entry ${String(i + 1)} of ${String(config.previousSecretKeys.length)})`),
  );
  if (config.secretKey !== null) return { current: decodeKey(config.secretKey, 'CONDOR_SECRET_KEY'), previous };
  if (config.env === 'production') {
    logger.error('secret_key_missing', { hint: 'Set CONDOR_SECRET_KEY; storing broker keys answers SERVER_MISCONFIGURED until then.' });
    return null;
  }
  return { current: developmentKey(config.dataDir, logger), previous };
}

/**
 * The box that seals broker secrets, or null when no key is configured (see `resolveSecretKey`).
 *
 * @example
 * const secrets = buildSecretBox(config, logger); // Services.secrets
 */
export function buildSecretBox(config: SecretKeyConfig, logger: Logger): AesGcmSecretBox | null {
  const keys = resolveSecretKey(config, logger);
  return keys === null ? null : new AesGcmSecretBox(keys);
}

function developmentKey(dataDir: string, logger: Logger): Buffer {
  const file = join(dataDir, SECRET_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(KEY_BYTES);
    // Written aside then linked into place: a second process starting at the same moment (REST and
    // stdio MCP share the data folder) finds either no file or the whole key, and keeps the first.
    const draft = `${file}.${String(process.pid)}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(draft, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, file);
      logger.info('secret_key_generated', { file });
      return key;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return decodeKey(readFileSync(file, 'utf8').trim(), file);
}

function decodeKey(text: string, source: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text) || key.length !== KEY_BYTES) {
    throw new ConfigError(`${source} must be the base64 of exactly ${String(KEY_BYTES)} random bytes (e.g. \`openssl rand -base64 32\`).`);
  }
  return key;
}
