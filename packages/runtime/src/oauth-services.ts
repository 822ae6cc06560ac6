import type { Clock, OAuthServices } from '@condor/core';
import { SqlAuthorizationCodeStore, SqlOAuthClientStore, SqlOAuthGrantStore, type Database } from '@condor/store-sql';
import type { Kysely } from 'kysely';
import { HttpsClientMetadataDocuments } from './adapters/https-client-metadata-documents.js';
import { NodeCodeChallenges } from './adapters/node-code-challenges.js';
import { ThrottledGrantUses } from './cache/throttled-grant-uses.js';
import type { RuntimeConfig } from './config/load-config.js';

const LOOPBACK_BINDS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * The OAuth authorization server's adapters on the deployment's database. Client metadata documents come from
 * public addresses only; a development server bound to loopback may also fetch them from loopback (a local
 * client, the tests), never from another private address.
 */
export function sqlOAuthServices(db: Kysely<Database>, config: RuntimeConfig, clock: Clock): OAuthServices {
  const allowLoopback = config.env === 'development' && LOOPBACK_BINDS.has(config.host);
  return {
    clients: new SqlOAuthClientStore(db),
    codes: new SqlAuthorizationCodeStore(db),
    grants: new ThrottledGrantUses(new SqlOAuthGrantStore(db)),
    clientDocuments: new HttpsClientMetadataDocuments({ allowLoopback }, () => clock.now()),
    challenges: new NodeCodeChallenges(),
  };
}
