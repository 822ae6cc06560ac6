import { expect } from 'vitest';
import type { SqlDialect } from '../src/sql-dialect.js';

/** The kinds of constraint the schema leaves to the database. */
export type Constraint = 'foreign_key' | 'delete_restricted' | 'check' | 'unique';

const REFUSALS: Readonly<Record<SqlDialect, Readonly<Record<Constraint, Readonly<Record<string, unknown>>>>>> = {
  sqlite: {
    foreign_key: { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' },
    // SQLite enforces ON DELETE RESTRICT like a trigger, and says so in the code only.
    delete_restricted: { code: 'SQLITE_CONSTRAINT_TRIGGER', message: expect.stringMatching(/^FOREIGN KEY constraint failed/) },
    check: { code: 'SQLITE_CONSTRAINT_CHECK' },
    unique: { code: 'SQLITE_CONSTRAINT_UNIQUE' },
  },
  // SQLSTATE codes.
  postgres: {
    foreign_key: { code: '23503' },
    delete_restricted: { code: '23503', message: expect.stringMatching(/^update or delete on table .* violates foreign key constraint/) },
    check: { code: '23514' },
    unique: { code: '23505' },
  },
};

/**
 * What a statement that `constraint` refuses rejects with on `dialect`, for `rejects.toMatchObject`:
 * the driver's error code.
 */
export function violation(dialect: SqlDialect, constraint: Constraint): Readonly<Record<string, unknown>> {
  return REFUSALS[dialect][constraint];
}
