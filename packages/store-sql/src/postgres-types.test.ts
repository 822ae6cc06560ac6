import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseInt8, postgresTypes } from './postgres-types.js';

describe('parseInt8', () => {
  it('reads a bigint as a number, up to the largest safe integer either way', () => {
    expect(parseInt8('1767623400000')).toBe(1_767_623_400_000);
    expect(parseInt8('0')).toBe(0);
    expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseInt8('-9007199254740991')).toBe(Number.MIN_SAFE_INTEGER);
  });

  it('refuses a bigint a number cannot hold exactly', () => {
    expect(() => parseInt8('9007199254740992')).toThrow("PostgreSQL bigint 9007199254740992 is beyond JavaScript's safe integers");
    expect(() => parseInt8('-9223372036854775808')).toThrow(RangeError);
  });
});

describe('postgresTypes', () => {
  it('parses int8 with parseInt8 and leaves every other type to pg', () => {
    expect(postgresTypes.getTypeParser(pg.types.builtins.INT8, 'text')).toBe(parseInt8);
    expect(postgresTypes.getTypeParser(pg.types.builtins.INT8)).toBe(parseInt8);
    for (const type of [pg.types.builtins.INT4, pg.types.builtins.FLOAT8, pg.types.builtins.TEXT, pg.types.builtins.NUMERIC]) {
      expect(postgresTypes.getTypeParser(type, 'text')).toBe(pg.types.getTypeParser(type, 'text'));
    }
  });
});
