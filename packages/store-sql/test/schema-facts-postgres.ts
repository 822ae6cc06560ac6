import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../src/schema.js';
import type { ForeignKeyColumn, SchemaFacts } from './schema-facts-shape.js';

const ON_DELETE: Readonly<Record<string, ForeignKeyColumn['onDelete']>> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

/** SchemaFacts from PostgreSQL's catalogues, for the tables of the current schema. */
export function postgresSchemaFacts(db: Kysely<Database>): SchemaFacts {
  return {
    tables: async () =>
      (
        await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'
            and table_name not in ('kysely_migration', 'kysely_migration_lock')
          order by table_name`.execute(db)
      ).rows.map((r) => r.name),
    columnTypes: async (table) => {
      const { rows } = await sql<{ name: string; type: string }>`
        select column_name as name, data_type as type from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}`.execute(db);
      return Object.fromEntries(rows.map((r) => [r.name, r.type.toLowerCase()]));
    },
    primaryKey: async (table) =>
      (
        await sql<{ name: string }>`
          select a.attname as name
          from pg_constraint c cross join unnest(c.conkey) with ordinality as k(attnum, n)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
          where c.conrelid = to_regclass(${table}) and c.contype = 'p' order by k.n`.execute(db)
      ).rows.map((r) => r.name),
    indexes: async (table) =>
      (
        await sql<{ name: string; unique: boolean }>`
          select ic.relname as name, i.indisunique as "unique"
          from pg_index i join pg_class ic on ic.oid = i.indexrelid
          where i.indrelid = to_regclass(${table})
            and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid and c.contype in ('p', 'u'))
          order by ic.relname`.execute(db)
      ).rows,
    indexColumns: async (index) =>
      (
        await sql<{ name: string }>`
          select a.attname as name
          from pg_index i cross join unnest(i.indkey::int2[]) with ordinality as k(attnum, n)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indexrelid = to_regclass(${index}) order by k.n`.execute(db)
      ).rows.map((r) => r.name),
    uniqueConstraints: async (table) => {
      const { rows } = await sql<{ constraint: string; name: string }>`
        select c.conname as "constraint", a.attname as name
        from pg_constraint c cross join unnest(c.conkey) with ordinality as k(attnum, n)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
        where c.conrelid = to_regclass(${table}) and c.contype = 'u' order by c.conname, k.n`.execute(db);
      const byConstraint = new Map<string, string[]>();
      for (const row of rows) byConstraint.set(row.constraint, [...(byConstraint.get(row.constraint) ?? []), row.name]);
      return [...byConstraint.values()];
    },
    foreignKeys: async (table) => {
      const { rows } = await sql<Omit<ForeignKeyColumn, 'onDelete'> & { action: string }>`
        select target.relname as "table", a.attname as "from", af.attname as "to", c.confdeltype as action
        from pg_constraint c cross join unnest(c.conkey, c.confkey) with ordinality as k(src, dst, n)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.src
        join pg_attribute af on af.attrelid = c.confrelid and af.attnum = k.dst
        join pg_class target on target.oid = c.confrelid
        where c.conrelid = to_regclass(${table}) and c.contype = 'f' order by c.conname, k.n`.execute(db);
      return rows.map(({ action, ...column }) => {
        const onDelete = ON_DELETE[action];
        if (onDelete === undefined) throw new Error(`Unknown foreign key action ${action}`);
        return { ...column, onDelete };
      });
    },
  };
}
