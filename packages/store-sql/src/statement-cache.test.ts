import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  it('prepares one SQL text once and hands back the same statement', () => {
    const database = new SqliteDatabase(':memory:');
    const cached = withStatementCache(database);
    expect(cached.prepare('select 1 as one')).toBe(cached.prepare('select 1 as one'));
    database.close();
  });

  it('keeps at most `capacity` statements, dropping the least recently used', () => {
    const database = new SqliteDatabase(':memory:');
    const cached = withStatementCache(database, 2);
    const first = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(first);
    const second = cached.prepare('select 2');
    expect(cached.prepare('select 2')).toBe(second);
    database.close();
  });
});
