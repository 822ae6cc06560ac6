import { describe, expect, it } from 'vitest';
import { displayDatabaseUrl } from './database-url.js';

describe('displayDatabaseUrl', () => {
  it('shows a PostgreSQL URL without its password, wherever the password is written', () => {
    expect(displayDatabaseUrl('postgres://condor:s3cr%40t@db.internal:5432/condor?sslmode=require')).toBe('postgres://condor@db.internal:5432/condor');
    expect(displayDatabaseUrl('postgresql://condor@127.0.0.1:5433/condor?password=hunter2&sslpassword=k3y')).toBe('postgresql://condor@127.0.0.1:5433/condor');
    expect(displayDatabaseUrl('POSTGRES://condor:upper@db:5432/condor')).toBe('postgres://condor@db:5432/condor');
  });

  it('shows a SQLite path as it is, and never an unparseable URL', () => {
    expect(displayDatabaseUrl('/var/lib/condor/condor.db')).toBe('/var/lib/condor/condor.db');
    expect(displayDatabaseUrl('postgres://user:pa ss@[bad')).toBe('postgres://(an unparseable URL)');
  });
});
