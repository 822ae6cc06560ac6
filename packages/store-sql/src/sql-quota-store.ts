import type { QuotaStore } from '@condor/core';
import type { Kysely } from 'kysely';
import { compiledOnce, slot } from './compiled-once.js';
import type { Database } from './schema.js';

/** QuotaStore over SQL (SQLite or PostgreSQL); each call is counted by one conditional upsert. */
export class SqlQuotaStore implements QuotaStore {
  /** `usage` runs on every `get_subscription`: its SQL is built and compiled once, in the database's dialect. */
  private readonly usageQuery;

  constructor(private readonly db: Kysely<Database>) {
    this.usageQuery = compiledOnce(
      db.selectFrom('quota_usage').select(['tool', 'used']).where('user_id', '=', slot('userId')).where('day', '=', slot('day')).orderBy('tool').compile(),
    );
  }

  async consume(userId: string, tool: string, day: string, limit: number): Promise<{ admitted: boolean; used: number }> {
    if (limit >= 1) {
      const row = await this.db
        .insertInto('quota_usage')
        .values({ user_id: userId, tool, day, used: 1 })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'tool', 'day'])
            .doUpdateSet((eb) => ({ used: eb('quota_usage.used', '+', 1) }))
            .where('quota_usage.used', '<', limit),
        )
        .returning('used')
        .executeTakeFirst();
      if (row !== undefined) return { admitted: true, used: row.used };
    }
    const current = await this.db
      .selectFrom('quota_usage')
      .select('used')
      .where('user_id', '=', userId)
      .where('tool', '=', tool)
      .where('day', '=', day)
      .executeTakeFirst();
    return { admitted: false, used: current?.used ?? 0 };
  }

  async usage(userId: string, day: string): Promise<Readonly<Record<string, number>>> {
    const { rows } = await this.db.executeQuery(this.usageQuery({ userId, day }));
    return Object.fromEntries(rows.map((r) => [r.tool, r.used]));
  }
}
