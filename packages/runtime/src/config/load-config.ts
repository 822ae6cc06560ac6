import { resolve } from 'node:path';
import type { LogLevel } from '../adapters/json-logger.js';

export type DeploymentEnv = 'development' | 'production';

/** Everything the process reads from its environment, parsed and checked once at start. */
export interface RuntimeConfig {
  readonly env: DeploymentEnv;
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** A SQLite file path (the default) or, later, a postgres:// URL. */
  readonly databaseUrl: string;
  /** The raw CONDOR_SIGNING_KEY, or null (development then keeps a generated key in dataDir). */
  readonly signingKey: string | null;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  /** The access token the stdio MCP server acts with (CONDOR_MCP_TOKEN). */
  readonly mcpToken: string | null;
  readonly allowedOrigins: readonly string[];
  readonly bodyLimitBytes: number;
  readonly logLevel: LogLevel;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads the configuration from `env` (see the README's table). Invalid values stop the start with
 * a message naming the variable — never its value, which may be a secret.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const dataDir = resolve(text(env.CONDOR_DATA_DIR) ?? './data');
  return {
    env: oneOf(env, 'CONDOR_ENV', ['development', 'production'], env.NODE_ENV === 'production' ? 'production' : 'development'),
    host: text(env.HOST) ?? '127.0.0.1',
    port: integer(env, 'PORT', 8787, 0, 65_535),
    dataDir,
    databaseUrl: text(env.DATABASE_URL) ?? resolve(dataDir, 'condor.db'),
    signingKey: text(env.CONDOR_SIGNING_KEY),
    accessTokenTtlSeconds: integer(env, 'CONDOR_ACCESS_TOKEN_TTL_SECONDS', 900, 60, 86_400),
    refreshTokenTtlSeconds: integer(env, 'CONDOR_REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 3_600, 365 * 86_400),
    mcpToken: text(env.CONDOR_MCP_TOKEN),
    allowedOrigins: (text(env.CONDOR_ALLOWED_ORIGINS) ?? '').split(',').map((o) => o.trim()).filter((o) => o !== ''),
    bodyLimitBytes: integer(env, 'CONDOR_BODY_LIMIT_BYTES', 1_048_576, 1_024, 64 * 1_048_576),
    logLevel: oneOf(env, 'LOG_LEVEL', ['info', 'warn', 'error', 'silent'], 'info'),
  };
}

const text = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env[name]);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${String(min)} to ${String(max)}.`);
  }
  return value;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env[name]);
  if (raw === null) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of: ${allowed.join(', ')}.`);
  return raw as T;
}
