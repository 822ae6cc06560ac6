import type { Clock } from './ports/clock.js';
import type { Digest } from './ports/digest.js';
import type { Ids } from './ports/ids.js';
import type { Logger } from './ports/logger.js';
import type { PasswordHasher } from './ports/password-hasher.js';
import type { SessionStore } from './ports/session-store.js';
import type { TokenSigner } from './ports/token-signer.js';
import type { UserStore } from './ports/user-store.js';

/** Settings the domain needs; the runtime reads them from the environment. */
export interface CoreConfig {
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
}

export const DEFAULT_CORE_CONFIG: CoreConfig = {
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
};

/** Everything the operations reach the outside world through: one bundle per deployment. */
export interface Services {
  readonly clock: Clock;
  readonly ids: Ids;
  readonly passwords: PasswordHasher;
  readonly digest: Digest;
  /** Null when no signing key is configured (production without CONDOR_SIGNING_KEY). */
  readonly tokens: TokenSigner | null;
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly logger: Logger;
  readonly config: CoreConfig;
}
