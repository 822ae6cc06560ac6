import type { RetentionKind, RetentionStore } from '@condor/core';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * RetentionStore over SQL (SQLite or PostgreSQL). Each purge is one `delete … where key in (select … limit n)`, so a
 * run deletes in batches and never holds a long lock; the lease is claimed like the broker token's (sql-broker-link-store).
 */
export class SqlRetentionStore implements RetentionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async claimLease(name: string, holder: string, now: number, until: number): Promise<boolean> {
    await this.db.insertInto('leases').values({ name, holder, until: now }).onConflict((oc) => oc.column('name').doNothing()).execute();
    const result = await this.db
      .updateTable('leases')
      .set({ holder, until })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('until', '<=', now), eb('holder', '=', holder)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async purgeBefore(kind: RetentionKind, cutoff: number, limit: number): Promise<number> {
    const db = this.db;
    switch (kind) {
      case 'approvalLinks':
        return deleted(
          await db
            .deleteFrom('approval_links')
            .where('digest', 'in', db.selectFrom('approval_links').select('digest').where('expires_at', '<', cutoff).limit(limit))
            .executeTakeFirst(),
        );
      case 'browserSessions':
        return deleted(
          await db
            .deleteFrom('browser_sessions')
            .where(
              'digest',
              'in',
              db
                .selectFrom('browser_sessions')
                .select('digest')
                .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
                .limit(limit),
            )
            .executeTakeFirst(),
        );
      case 'authorizationCodes':
        return deleted(
          await db
            .deleteFrom('authorization_codes')
            .where('digest', 'in', db.selectFrom('authorization_codes').select('digest').where('expires_at', '<', cutoff).limit(limit))
            .executeTakeFirst(),
        );
      case 'sessionFamilies':
        return this.purgeFamilies(cutoff, limit);
      case 'rateLimitWindows':
        return deleted(
          await db
            .deleteFrom('rate_limit_windows')
            .where('key', 'in', db.selectFrom('rate_limit_windows').select('key').where('reset_at', '<', cutoff).limit(limit))
            .executeTakeFirst(),
        );
      case 'callBatches':
        return deleted(
          await db
            .deleteFrom('call_batches')
            .where('principal', 'in', db.selectFrom('call_batches').select('principal').where('updated_at', '<', cutoff).limit(limit))
            .executeTakeFirst(),
        );
    }
  }

  /** Families revoked before `cutoff`, or none of whose refresh tokens is valid at `cutoff`, with their tokens, codes and grants. */
  private async purgeFamilies(cutoff: number, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const ended = await trx
        .selectFrom('session_families as f')
        .select('f.id')
        .where((eb) =>
          eb.or([
            eb('f.revoked_at', '<', cutoff),
            eb.and([
              eb('f.created_at', '<', cutoff),
              eb.not(eb.exists(eb.selectFrom('refresh_tokens as r').select('r.hash').whereRef('r.family_id', '=', 'f.id').where('r.expires_at', '>=', cutoff))),
            ]),
          ]),
        )
        .limit(limit)
        .execute();
      const ids = ended.map((row) => row.id);
      if (ids.length === 0) return 0;
      await trx.deleteFrom('refresh_tokens').where('family_id', 'in', ids).execute();
      await trx.deleteFrom('authorization_codes').where('family_id', 'in', ids).execute();
      await trx.deleteFrom('oauth_grants').where('family_id', 'in', ids).execute();
      return deleted(await trx.deleteFrom('session_families').where('id', 'in', ids).executeTakeFirst());
    });
  }
}

const deleted = (result: { numDeletedRows: bigint }): number => Number(result.numDeletedRows);
