import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../src/schema.js';
import type { ForeignKeyColumn, SchemaFacts } from './schema-facts-shape.js';

/** SchemaFacts from SQLite's pragma table functions. */
export function sqliteSchemaFacts(db: Kysely<Database>): SchemaFacts {
  const indexColumns = async (index: string): Promise<string[]> =>
    (await sql<{ name: string }>`select name from pragma_index_info(${index}) order by seqno`.execute(db)).rows.map((r) => r.name);
  return {
    tables: async () => (await db.introspection.getTables()).map((t) => t.name).sort(),
    columnTypes: async (table) => {
      const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db);
      return Object.fromEntries(rows.map((r) => [r.name, r.type.toLowerCase()]));
    },
    primaryKey: async (table) =>
      (await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db)).rows.map((r) => r.name),
    indexes: async (table) => {
      const { rows } = await sql<{ name: string; unique: number }>`
        select name, "unique" from pragma_index_list(${table}) where origin = 'c' order by name`.execute(db);
      return rows.map((r) => ({ name: r.name, unique: r.unique === 1 }));
    },
    indexColumns,
    uniqueConstraints: async (table) => {
      const { rows } = await sql<{ name: string }>`select name from pragma_index_list(${table}) where origin = 'u' order by name`.execute(db);
      return Promise.all(rows.map((r) => indexColumns(r.name)));
    },
    foreignKeys: async (table) =>
      (
        await sql<ForeignKeyColumn>`
          select "table", "from", "to", on_delete as "onDelete" from pragma_foreign_key_list(${table}) order by id, seq`.execute(db)
      ).rows,
  };
}
