import pg from 'pg';

/**
 * A bigint as a JavaScript number; throws beyond Number.MAX_SAFE_INTEGER, where a number would no
 * longer hold the exact value and a time or count would silently be off.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`PostgreSQL bigint ${text} is beyond JavaScript's safe integers`);
  return value;
}

/**
 * The type parsers of every connection openPostgres opens: int8 (times in epoch milliseconds,
 * durations, counts) as numbers rather than pg's default strings, everything else as pg parses it.
 * Given to the pool, so other pg users in the process keep pg's global parsers.
 */
export const postgresTypes: pg.CustomTypesConfig = {
  getTypeParser: (id, format): unknown =>
    id === pg.types.builtins.INT8 && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(id, format),
};
