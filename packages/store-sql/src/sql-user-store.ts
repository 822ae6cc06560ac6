import type { User, UserStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';
import type { UsersTable } from './accounts-schema.js';

const toUser = (row: Selectable<UsersTable>): User => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
  emailVerifiedAt: row.email_verified_at,
});

/** UserStore over SQL (SQLite or PostgreSQL); email uniqueness is enforced by the database. */
export class SqlUserStore implements UserStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(user: User): Promise<'inserted' | 'email_taken'> {
    const result = await this.db
      .insertInto('users')
      .values({
        id: user.id,
        email: user.email,
        password_hash: user.passwordHash,
        created_at: user.createdAt,
        email_verified_at: user.emailVerifiedAt ?? null,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n ? 'inserted' : 'email_taken';
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    return row === undefined ? undefined : toUser(row);
  }

  async findById(id: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toUser(row);
  }

  async markEmailVerified(id: string, at: number): Promise<void> {
    // Only where none is recorded: of two verifications (two clicks, two instances) the first instant stays.
    await this.db.updateTable('users').set({ email_verified_at: at }).where('id', '=', id).where('email_verified_at', 'is', null).execute();
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }
}
