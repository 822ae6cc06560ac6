/** Composition: configuration, the node adapters, and the one place that wires them into `Services`. */
export { loadConfig, ConfigError, type RuntimeConfig, type DeploymentEnv } from './config/load-config.js';
export { resolveSigningKey, SIGNING_KEY_FILE } from './config/signing-key.js';
export { buildRuntime, type Runtime, type Readiness } from './build-runtime.js';
export { displayDatabaseUrl } from './config/database-url.js';
export { SystemClock } from './adapters/system-clock.js';
export { CryptoIds } from './adapters/crypto-ids.js';
export { Sha256Digest } from './adapters/sha256-digest.js';
export { ScryptPasswordHasher, DEFAULT_SCRYPT_COST, type ScryptCost } from './adapters/scrypt-password-hasher.js';
export { HmacTokenSigner } from './adapters/hmac-token-signer.js';
export { JsonLogger, type LogLevel } from './adapters/json-logger.js';
export { AUTH_CACHE_TTL_MS } from './cache/ttl-cache.js';
export { MonitorLoop, MONITOR_LEASE, type MonitorLoopOptions, type MonitorReport } from './notifications/monitor-loop.js';
