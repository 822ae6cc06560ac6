import { Kysely, MysqlDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/temp-database.js';
import { dialectOf } from './sql-dialect.js';

for (const dialect of testDialects()) {
  describe(`dialectOf on ${dialect.name}`, () => {
    it(`says ${dialect.kind}`, async () => {
      expect(dialectOf(await dialect.open())).toBe(dialect.kind);
    });
  });
}

describe('dialectOf', () => {
  it('refuses a database the stores do not run on', async () => {
    const mysql = new Kysely<unknown>({ dialect: new MysqlDialect({ pool: async () => Promise.reject(new Error('never connects')) }) });
    expect(() => dialectOf(mysql)).toThrow('The SQL stores run on SQLite or PostgreSQL only');
    await mysql.destroy();
  });
});
