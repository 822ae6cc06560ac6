import type { Passkey, PasskeyChallenge, PasskeyRemoval, PasskeyStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';
import type { PasskeysTable } from './accounts-schema.js';
import { dialectOf } from './sql-dialect.js';

const toPasskey = (row: Selectable<PasskeysTable>): Passkey => ({
  id: row.id,
  userId: row.user_id,
  publicKey: row.public_key,
  counter: row.counter,
  transports: row.transports === '' ? [] : row.transports.split(' '),
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/**
 * PasskeyStore over SQL (SQLite or PostgreSQL): passkeys by credential id, transports space-separated. Taking a
 * challenge is one DELETE … RETURNING, so of two takes only one gets it.
 */
export class SqlPasskeyStore implements PasskeyStore {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.postgres = dialectOf(db) === 'postgres';
  }

  async insert(passkey: Passkey): Promise<boolean> {
    const result = await this.db
      .insertInto('passkeys')
      .values({
        id: passkey.id,
        user_id: passkey.userId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports.join(' '),
        name: passkey.name,
        created_at: passkey.createdAt,
        last_used_at: passkey.lastUsedAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async list(userId: string): Promise<readonly Passkey[]> {
    const rows = await this.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    return rows.map(toPasskey);
  }

  async find(userId: string, id: string): Promise<Passkey | undefined> {
    const row = await this.db.selectFrom('passkeys').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return row === undefined ? undefined : toPasskey(row);
  }

  async rename(userId: string, id: string, name: string): Promise<boolean> {
    const result = await this.db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordUse(userId: string, id: string, counter: number, at: number): Promise<boolean> {
    const result = await this.db.updateTable('passkeys').set({ counter, last_used_at: at }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  remove(userId: string, id: string, keepLast: boolean): Promise<PasskeyRemoval> {
    return this.db.transaction().execute(async (trx) => {
      // On PostgreSQL the person's rows are locked, so two removals at once cannot both see "another one is left".
      const own = this.postgres
        ? await trx.selectFrom('passkeys').select('id').where('user_id', '=', userId).forUpdate().execute()
        : await trx.selectFrom('passkeys').select('id').where('user_id', '=', userId).execute();
      if (!own.some((row) => row.id === id)) return 'absent';
      if (keepLast && own.length === 1) return 'last';
      await trx.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).execute();
      return 'removed';
    });
  }

  async saveChallenge(challenge: PasskeyChallenge, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('passkey_challenges').where('user_id', '=', challenge.userId).where('expires_at', '<', at).execute();
      await trx
        .insertInto('passkey_challenges')
        .values({ challenge: challenge.challenge, user_id: challenge.userId, purpose: challenge.purpose, expires_at: challenge.expiresAt })
        .execute();
    });
  }

  async takeChallenge(userId: string, challenge: string): Promise<PasskeyChallenge | undefined> {
    const row = await this.db.deleteFrom('passkey_challenges').where('challenge', '=', challenge).where('user_id', '=', userId).returningAll().executeTakeFirst();
    return row === undefined ? undefined : { challenge: row.challenge, userId: row.user_id, purpose: row.purpose, expiresAt: row.expires_at };
  }
}
