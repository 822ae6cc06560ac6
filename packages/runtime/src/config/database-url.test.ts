import { describe, expect, it } from 'vitest';
import { displayDatabaseUrl } from './database-url.js';

describe('displayDatabaseUrl', () => {
  it('hides a PostgreSQL password and keeps the rest', () => {
    expect(displayDatabaseUrl('postgres://condor:s3cr%40t@db.internal:5432/condor?sslmode=require')).toBe(
      'postgres://condor:***@db.internal:5432/condor?sslmode=require',
    );
    expect(displayDatabaseUrl('postgresql://condor@127.0.0.1:5433/condor')).toBe('postgresql://condor@127.0.0.1:5433/condor');
  });

  it('shows a SQLite path as it is, and never an unparseable URL', () => {
    expect(displayDatabaseUrl('/var/lib/condor/condor.db')).toBe('/var/lib/condor/condor.db');
    expect(displayDatabaseUrl('postgres://user:pa ss@[bad')).toBe('postgres://(an unparseable URL)');
  });
});
