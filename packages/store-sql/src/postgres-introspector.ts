import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, PostgresDialect, PostgresIntrospector, sql } from 'kysely';
import type { ColumnMetadata, DatabaseIntrospector, DatabaseMetadataOptions, Kysely, TableMetadata } from 'kysely';

interface ColumnRow {
  schema: string;
  table: string;
  table_type: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: boolean;
}

/**
 * Kysely's PostgreSQL introspector, answering the same, but never looking a schema, table or column up by name.
 * Kysely's lists every table of the database and, per row, calls `has_schema_privilege(<schema name>, …)` and
 * `pg_get_serial_sequence('<schema>.<table>', <column>)`: the rows come from the statement's snapshot, the name
 * lookups from the latest catalogue. A schema, table or column that another session drops in between (another
 * instance's migration, another schema's tests) fails the whole listing, "schema "…" does not exist" — and the
 * Migrator lists tables to find its own before it takes its lock. Here the privilege test takes the schema's oid
 * (null once it is gone) and "auto-incrementing" reads pg_depend, as pg_get_serial_sequence does.
 */
export class OidPostgresIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    super(db);
    this.#db = db;
  }

  override async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables ? sql`true` : sql`c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`;
    const { rows } = await sql<ColumnRow>`
      select a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
        c.relname as table, c.relkind as table_type, ns.nspname as schema,
        typ.typname as type, dtns.nspname as type_schema,
        col_description(a.attrelid, a.attnum) as column_description,
        exists (
          select 1 from pg_catalog.pg_depend d join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
          where d.classid = 'pg_catalog.pg_class'::regclass and d.refclassid = 'pg_catalog.pg_class'::regclass
            and d.refobjid = c.oid and d.refobjsubid = a.attnum and d.deptype in ('a', 'i')
        ) as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on a.attrelid = c.oid
      join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
      join pg_catalog.pg_type typ on a.atttypid = typ.oid
      join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
      where c.relkind in ('r', 'v', 'p')
        and ns.nspname !~ '^pg_' and ns.nspname <> 'information_schema' and ns.nspname <> 'crdb_internal'
        and has_schema_privilege(ns.oid, 'USAGE')
        and a.attnum >= 0 and not a.attisdropped
        and ${internal}
      order by ns.nspname, c.relname, a.attnum`.execute(this.#db);
    return tablesOf(rows);
  }
}

function tablesOf(rows: readonly ColumnRow[]): TableMetadata[] {
  const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: ColumnMetadata[] }>();
  for (const row of rows) {
    const key = JSON.stringify([row.schema, row.table]);
    let table = tables.get(key);
    if (table === undefined) {
      table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
      tables.set(key, table);
    }
    table.columns.push({
      name: row.column,
      dataType: row.type,
      dataTypeSchema: row.type_schema,
      hasDefaultValue: row.has_default,
      isAutoIncrementing: row.auto_incrementing,
      isNullable: !row.not_null,
      ...(row.column_description === null ? {} : { comment: row.column_description }),
    });
  }
  return [...tables.values()];
}

/** PostgreSQL as Kysely speaks it, introspected by OidPostgresIntrospector. */
export class OidIntrospectedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OidPostgresIntrospector(db);
  }
}
