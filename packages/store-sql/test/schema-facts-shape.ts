/** A column of a foreign key: `from` in the table asked about refers to `table`.`to`. */
export interface ForeignKeyColumn {
  readonly table: string;
  readonly from: string;
  readonly to: string;
  readonly onDelete: 'NO ACTION' | 'RESTRICT' | 'CASCADE' | 'SET NULL' | 'SET DEFAULT';
}

/**
 * What the migrations made, read from the database's own catalogue, in one shape for both
 * dialects, so the migration tests state their expectations once.
 */
export interface SchemaFacts {
  /** The application's tables (not Kysely's bookkeeping), sorted. */
  tables(): Promise<string[]>;
  /** Each column's declared type, lower case. */
  columnTypes(table: string): Promise<Record<string, string>>;
  primaryKey(table: string): Promise<string[]>;
  /** Indexes created as such, not those backing a primary key or unique constraint. */
  indexes(table: string): Promise<{ name: string; unique: boolean }[]>;
  indexColumns(index: string): Promise<string[]>;
  /** The columns of each unique constraint (not unique index). */
  uniqueConstraints(table: string): Promise<string[][]>;
  foreignKeys(table: string): Promise<ForeignKeyColumn[]>;
}
