import type { RateLimitStore, WindowCount } from '@condor/core';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** RateLimitStore over SQL (SQLite or PostgreSQL); a hit is one upsert that also rolls an ended window over. */
export class SqlRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Kysely<Database>) {}

  hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    return this.hitBy(key, 1, windowMs, now);
  }

  /** Counts `count` events at once in the key's current window (hits an instance counted locally, then handed on). */
  async hitBy(key: string, count: number, windowMs: number, now: number): Promise<WindowCount> {
    const row = await this.db
      .insertInto('rate_limit_windows')
      .values({ key, count, reset_at: now + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const ended = eb('rate_limit_windows.reset_at', '<=', now);
          return {
            count: eb.case().when(ended).then(count).else(eb('rate_limit_windows.count', '+', count)).end(),
            reset_at: eb.case().when(ended).then(eb.val(now + windowMs)).else(eb.ref('rate_limit_windows.reset_at')).end(),
          };
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: row.count, resetAt: row.reset_at };
  }

  async peek(key: string, now: number): Promise<WindowCount> {
    const row = await this.db
      .selectFrom('rate_limit_windows')
      .select(['count', 'reset_at'])
      .where('key', '=', key)
      .where('reset_at', '>', now)
      .executeTakeFirst();
    return row === undefined ? { count: 0, resetAt: now } : { count: row.count, resetAt: row.reset_at };
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_windows').where('key', '=', key).execute();
  }

  /** Deletes windows that ended before `now` (their keys count from zero again anyway); returns how many. */
  async purgeEnded(now: number): Promise<number> {
    const result = await this.db.deleteFrom('rate_limit_windows').where('reset_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
